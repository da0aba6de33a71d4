package dev.warden.hosting.billing.model;

import dev.warden.hosting.apps.model.Application;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OneToOne;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An application's subscription at the billing provider; maps {@code warden_subscriptions} (docs/architecture.md, "Requirements: Hosting side";
 * docs/hosting-api.md, "Requirements: Billing", {@code applications[].subscription}). At most one per
 * application; {@code provider_subscription_id} is unique. Deleted with its application. Status, price
 * and period are read from the provider on each {@code /billing}.
 */
@Entity
@Table(name = "warden_subscriptions")
public class Subscription {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    @Column(name = "id")
    private Long id;

    @OneToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "application_id", nullable = false, unique = true)
    private Application application;

    @Column(name = "provider_subscription_id", nullable = false, unique = true)
    private String providerSubscriptionId;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    public Subscription() {}

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public Application getApplication() {
        return application;
    }

    public void setApplication(Application application) {
        this.application = application;
    }

    public String getProviderSubscriptionId() {
        return providerSubscriptionId;
    }

    public void setProviderSubscriptionId(String providerSubscriptionId) {
        this.providerSubscriptionId = providerSubscriptionId;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }
}
