package dev.warden.game.model;

import dev.warden.panel.users.model.User;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A user's score on a leaderboard; maps {@code warden_leaderboard_entries} (docs/admin-api.md, "Built-in tables" and "Built-in resources").
 * <p>
 * One row per (leaderboard, user): the key is {@link LeaderboardEntryId}. The id fields own the key
 * columns; {@code leaderboard} and {@code user} are read-only views of the same columns. Deleted with
 * either the leaderboard or the user. {@code metadata} is JSON text.
 */
@Entity
@IdClass(LeaderboardEntryId.class)
@Table(name = "warden_leaderboard_entries")
public class LeaderboardEntry {

    @Id
    @Column(name = "leaderboard_id", nullable = false)
    private Long leaderboardId;

    @Id
    @Column(name = "user_id", nullable = false)
    private Long userId;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "leaderboard_id", insertable = false, updatable = false)
    private Leaderboard leaderboard;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "user_id", insertable = false, updatable = false)
    private User user;

    @Column(name = "score", nullable = false)
    private long score = 0;

    // JSON column: written by generic SQL elsewhere, read-only to JPA.
    @Column(name = "metadata", columnDefinition = "jsonb", insertable = false, updatable = false)
    private String metadata;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    @Column(name = "updated_at", insertable = false, updatable = false)
    private Instant updatedAt;

    public LeaderboardEntry() {}

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

    public Leaderboard getLeaderboard() {
        return leaderboard;
    }

    public void setLeaderboard(Leaderboard leaderboard) {
        this.leaderboard = leaderboard;
    }

    public User getUser() {
        return user;
    }

    public void setUser(User user) {
        this.user = user;
    }

    public long getScore() {
        return score;
    }

    public void setScore(long score) {
        this.score = score;
    }

    public String getMetadata() {
        return metadata;
    }

    public void setMetadata(String metadata) {
        this.metadata = metadata;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Instant createdAt) {
        this.createdAt = createdAt;
    }

    public Instant getUpdatedAt() {
        return updatedAt;
    }

    public void setUpdatedAt(Instant updatedAt) {
        this.updatedAt = updatedAt;
    }
}
