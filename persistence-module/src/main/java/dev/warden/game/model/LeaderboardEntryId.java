package dev.warden.game.model;

import java.io.Serializable;
import java.util.Objects;

/**
 * Composite primary key of {@link LeaderboardEntry} ({@code warden_leaderboard_entries}:
 * leaderboard_id + user_id), used as its {@code @IdClass} (docs/admin-api.md, "Built-in tables").
 */
public class LeaderboardEntryId implements Serializable {

    private static final long serialVersionUID = 1L;

    private Long leaderboardId;
    private Long userId;

    public LeaderboardEntryId() {}

    public LeaderboardEntryId(Long leaderboardId, Long userId) {
        this.leaderboardId = leaderboardId;
        this.userId = userId;
    }

    public Long getLeaderboardId() {
        return leaderboardId;
    }

    public void setLeaderboardId(Long leaderboardId) {
        this.leaderboardId = leaderboardId;
    }

    public Long getUserId() {
        return userId;
    }

    public void setUserId(Long userId) {
        this.userId = userId;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LeaderboardEntryId other)) {
            return false;
        }
        return Objects.equals(leaderboardId, other.leaderboardId) && Objects.equals(userId, other.userId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(leaderboardId, userId);
    }

    @Override
    public String toString() {
        return "LeaderboardEntryId[leaderboardId=" + leaderboardId + ", userId=" + userId + "]";
    }
}
