package dev.warden.hosting.cache;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The hosting API response cache, per team and request, shared by every node through
 * {@code warden_response_cache} (docs/hosting-api.md, "Requirements: Limits" rule 6: "Polling faster returns the same data").
 * Times are the database's, so nodes agree on when an entry expires. Expired entries are deleted as new ones
 * are stored ({@code SKIP LOCKED}, never waiting).
 *
 * <p>Every statement runs outside a container transaction (autocommit): the lookup is one
 * statement, the store one upsert (plus the re-read when another node's fresh answer won, and the clean-up), each
 * complete on its own, so a transaction around them would only add a round trip ({@code COMMIT}) per request.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ResponseCache {

    private static final String COLUMNS =
            """
            media_type, body, etag, greatest(1, ceil(extract(epoch FROM expires_at - now())))::bigint""";
    private static final String FIND_SQL = "SELECT " + COLUMNS
            + " FROM warden_response_cache WHERE team_id = ? AND request_key = ? AND expires_at > now()";
    private static final String STORE_SQL =
            """
            INSERT INTO warden_response_cache AS r (team_id, request_key, media_type, body, etag, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, now(), now() + make_interval(secs => ?))
            ON CONFLICT (team_id, request_key) DO UPDATE
                SET media_type = excluded.media_type, body = excluded.body, etag = excluded.etag,
                    created_at = excluded.created_at, expires_at = excluded.expires_at
                WHERE r.expires_at <= now()
            RETURNING\s"""
                    + COLUMNS;
    private static final String CLEANUP_SQL =
            """
            DELETE FROM warden_response_cache WHERE ctid IN (
                SELECT ctid FROM warden_response_cache WHERE expires_at < now() - interval '1 minute'
                LIMIT 200 FOR UPDATE SKIP LOCKED)""";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** The fresh cached answer of {@code requestKey} for team {@code teamId}, if any. */
    public Optional<CachedResponse> find(long teamId, String requestKey) {
        return Sql.first(dataSource, "Reading the response cache", FIND_SQL, ResponseCache::read, teamId, requestKey);
    }

    /**
     * Stores a fresh answer for {@code ttlSeconds}. When another node stored a still-fresh answer for the same
     * key meanwhile, that one is kept and returned, so every client of the team sees one body per interval.
     *
     * @return the answer now in the cache
     */
    public CachedResponse store(long teamId, String requestKey, String mediaType, String body, int ttlSeconds) {
        String etag = CachePolicy.etag(body);
        return Sql.with(dataSource, "Writing the response cache", c -> {
            Optional<CachedResponse> stored =
                    Sql.first(c, STORE_SQL, ResponseCache::read, teamId, requestKey, mediaType, body, etag, ttlSeconds);
            if (stored.isPresent()) {
                Sql.update(c, CLEANUP_SQL);
                return stored.get();
            }
            return Sql.first(c, FIND_SQL, ResponseCache::read, teamId, requestKey)
                    .orElse(new CachedResponse(mediaType, body, etag, ttlSeconds));
        });
    }

    private static CachedResponse read(ResultSet rs) throws SQLException {
        return new CachedResponse(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4));
    }
}
