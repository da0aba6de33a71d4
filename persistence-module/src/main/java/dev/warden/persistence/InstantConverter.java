package dev.warden.persistence;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Maps every {@link Instant} entity field to a {@code timestamptz} column (auto-applied).
 * <p>
 * JPA 3.1 does not list {@code java.time.Instant} as a basic type (it arrives in JPA 3.2), and
 * EclipseLink 4.0.x treats it as a Serializable blob (bytea), which fails on every read and write of a
 * timestamptz column. Converting through {@link OffsetDateTime} (a JPA 3.1 basic type) in UTC keeps the
 * entity fields as {@code Instant} and is exact in both directions. Drop this class once the runtime is
 * on JPA 3.2.
 */
@Converter(autoApply = true)
public class InstantConverter implements AttributeConverter<Instant, OffsetDateTime> {

    @Override
    public OffsetDateTime convertToDatabaseColumn(Instant attribute) {
        return attribute == null ? null : attribute.atOffset(ZoneOffset.UTC);
    }

    @Override
    public Instant convertToEntityAttribute(OffsetDateTime dbData) {
        return dbData == null ? null : dbData.toInstant();
    }
}
