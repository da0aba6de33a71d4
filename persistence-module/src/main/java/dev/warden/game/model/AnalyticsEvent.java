package dev.warden.game.model;

import dev.warden.panel.users.model.User;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A recorded game analytics event; maps {@code warden_analytics_events} (docs/admin-api.md, "Built-in tables" and "Built-in resources").
 * <p>
 * {@code user} is optional and becomes null when the user is deleted (the event is kept).
 * {@code properties} is JSON text.
 */
@Entity
@Table(name = "warden_analytics_events")
public class AnalyticsEvent {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    @Column(name = "id")
    private Long id;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "user_id")
    private User user;

    @Column(name = "name", nullable = false)
    private String name;

    // JSON column: written by generic SQL elsewhere, read-only to JPA.
    @Column(name = "properties", columnDefinition = "jsonb", insertable = false, updatable = false)
    private String properties;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    public AnalyticsEvent() {}

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public User getUser() {
        return user;
    }

    public void setUser(User user) {
        this.user = user;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getProperties() {
        return properties;
    }

    public void setProperties(String properties) {
        this.properties = properties;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Instant createdAt) {
        this.createdAt = createdAt;
    }
}
