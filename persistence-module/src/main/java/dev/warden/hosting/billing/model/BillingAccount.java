package dev.warden.hosting.billing.model;

import dev.warden.panel.users.model.User;
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
 * A team owner's customer at the billing provider; maps {@code warden_billing_accounts} (docs/architecture.md, "Requirements: Hosting side";
 * docs/hosting-api.md, "Requirements: Billing": the account is the team owner's, shared by every team they
 * own). One per user ({@code owner_user_id} unique); {@code provider_customer_id} is unique too. Deleted
 * with its user. Balances are never stored: {@code /billing} reads them from the provider.
 */
@Entity
@Table(name = "warden_billing_accounts")
public class BillingAccount {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    @Column(name = "id")
    private Long id;

    @OneToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "owner_user_id", nullable = false, unique = true)
    private User owner;

    @Column(name = "provider_customer_id", nullable = false, unique = true)
    private String providerCustomerId;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    public BillingAccount() {}

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public User getOwner() {
        return owner;
    }

    public void setOwner(User owner) {
        this.owner = owner;
    }

    public String getProviderCustomerId() {
        return providerCustomerId;
    }

    public void setProviderCustomerId(String providerCustomerId) {
        this.providerCustomerId = providerCustomerId;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }
}
