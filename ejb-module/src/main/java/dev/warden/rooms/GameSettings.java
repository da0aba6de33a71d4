package dev.warden.rooms;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.OptionalInt;
import javax.sql.DataSource;

/**
 * Reads the game's own settings, the rows of {@code warden_configs} (the panel's {@code configs} resource), for the
 * built-in room types: e.g. {@code chat.messages_per_minute} for the {@code lobby} (docs/game-api.md, "Limits").
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class GameSettings {

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * The whole-number value of the row {@code key}.
     *
     * @return empty when there is no such row or its value is not a JSON number (a fraction is rounded down)
     */
    public OptionalInt integer(String key) {
        return Sql.first(
                        dataSource,
                        "Reading the game setting " + key,
                        "SELECT floor((value #>> '{}')::numeric)::bigint FROM warden_configs "
                                + "WHERE key = ? AND jsonb_typeof(value) = 'number'",
                        rs -> rs.getLong(1),
                        key)
                .map(v -> OptionalInt.of((int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v))))
                .orElse(OptionalInt.empty());
    }
}
