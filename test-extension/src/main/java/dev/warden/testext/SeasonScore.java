package dev.warden.testext;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/** Season totals; maps {@code game_season_scores}, composite key (season, user_id). */
@Entity
@Table(name = "game_season_scores")
@IdClass(SeasonScore.Key.class)
public class SeasonScore {

    /** The composite key. */
    public static class Key implements Serializable {
        private static final long serialVersionUID = 1L;
        public String season;
        public Long userId;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(k.season, season) && Objects.equals(k.userId, userId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(season, userId);
        }
    }

    @Id
    @Column(name = "season")
    private String season;

    @Id
    @Column(name = "user_id")
    private Long userId;

    @Column(name = "points", nullable = false)
    private long points;

    public String getSeason() {
        return season;
    }

    public Long getUserId() {
        return userId;
    }

    public long getPoints() {
        return points;
    }
}
