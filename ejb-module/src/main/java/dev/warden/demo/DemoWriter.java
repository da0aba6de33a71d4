package dev.warden.demo;

import dev.warden.common.sql.Sql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;

/**
 * What the data-set seeders share: the connection (in the seeding transaction), the {@link Random} with the fixed
 * seed that every generated value comes from, and the seeding instant ({@code now}, to the second). Inserts bind
 * their values with {@link Sql#bind} (an Instant as {@code timestamptz}, a null as SQL NULL typed by its column); a
 * {@link Batch} sends its rows every {@value #BATCH_SIZE}. The seeders draw from {@code random} in a fixed order
 * ({@link DemoSeeder#seed}), so the same seed always gives the same data.
 */
final class DemoWriter {

    /** Rows per JDBC batch. */
    static final int BATCH_SIZE = 500;

    final Connection c;
    final Random random;
    final Instant now;

    DemoWriter(Connection c, Random random, Instant now) {
        this.c = c;
        this.random = random;
        this.now = now;
    }

    // --- random values -----------------------------------------------------------------------------

    /** One of {@code items}, uniformly. */
    <T> T pick(List<T> items) {
        return DemoPeople.pick(random, items);
    }

    /** One of {@code values}, with the matching relative {@code weights}. */
    String weighted(String[] values, int[] weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int roll = random.nextInt(total);
        for (int i = 0; i < values.length; i++) {
            roll -= weights[i];
            if (roll < 0) {
                return values[i];
            }
        }
        return values[values.length - 1];
    }

    /** A random instant in the last {@code window}, to the second. */
    Instant ago(Duration window) {
        return now.minusSeconds(1 + (long) (random.nextDouble() * (window.getSeconds() - 1)));
    }

    /** A random instant in [from, to], to the second ({@code from} when the range is empty). */
    Instant between(Instant from, Instant to) {
        long span = to.getEpochSecond() - from.getEpochSecond();
        if (span <= 0) {
            return from;
        }
        return from.plusSeconds((long) (random.nextDouble() * (span + 1)));
    }

    /** The later of two instants. */
    static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    // --- SQL -----------------------------------------------------------------------------------------

    /** Runs an {@code INSERT ... RETURNING id} and returns the id. */
    long insertReturningId(String sql, Object... values) throws SQLException {
        return Sql.first(c, sql, rs -> rs.getLong(1), values)
                .orElseThrow(() -> new SQLException("no id returned by " + sql));
    }

    /** Runs one insert or update. */
    void insert(String sql, Object... values) throws SQLException {
        Sql.update(c, sql, values);
    }

    /** A batched insert of {@code sql}; close it (try-with-resources) to send the rest. */
    Batch batch(String sql) throws SQLException {
        return new Batch(c.prepareStatement(sql));
    }

    /** A batched insert, sent every {@value DemoWriter#BATCH_SIZE} rows and on close. */
    static final class Batch implements AutoCloseable {
        private final PreparedStatement ps;
        private int pending;
        private int count;

        private Batch(PreparedStatement ps) {
            this.ps = ps;
        }

        /** Adds one row. */
        void add(Object... values) throws SQLException {
            Sql.bind(ps, 1, values);
            ps.addBatch();
            count++;
            if (++pending == BATCH_SIZE) {
                flush();
            }
        }

        /** Sends what is pending and returns the number of rows added so far. */
        int count() throws SQLException {
            flush();
            return count;
        }

        private void flush() throws SQLException {
            if (pending > 0) {
                ps.executeBatch();
                pending = 0;
            }
        }

        @Override
        public void close() throws SQLException {
            try {
                flush();
            } finally {
                ps.close();
            }
        }
    }
}
