package dev.warden.hosting.apps.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A deployment location (region + plan) of an application; maps {@code warden_locations}
 * (docs/architecture.md, "Requirements: Hosting side"; docs/hosting-api.md, "Requirements: Location").
 * <p>
 * Region ({@code region_code/city/country}) and plan ({@code plan_vcpus/ram_mb/transfer_gb}) are
 * flattened into plain columns. {@code status} is one of pending (default), provisioning, installing,
 * ready, error, destroying, resizing, unpaid, parked; {@code scale_strategy} is vertical (default) or
 * horizontal. Instances are listed in id order. Deleted with its application.
 */
@Entity
@Table(name = "warden_locations")
public class Location {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    @Column(name = "id")
    private Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "application_id", nullable = false)
    private Application application;

    @Column(name = "region_code", nullable = false)
    private String regionCode;

    @Column(name = "region_city", nullable = false)
    private String regionCity;

    @Column(name = "region_country", nullable = false)
    private String regionCountry;

    @Column(name = "status", nullable = false)
    private String status = "pending";

    @Column(name = "scale_strategy", nullable = false)
    private String scaleStrategy = "vertical";

    @Column(name = "endpoint")
    private String endpoint;

    @Column(name = "plan_vcpus", nullable = false)
    private int planVcpus;

    @Column(name = "plan_ram_mb", nullable = false)
    private int planRamMb;

    @Column(name = "plan_transfer_gb", nullable = false)
    private int planTransferGb;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    @OneToMany(mappedBy = "location", fetch = FetchType.LAZY)
    @OrderBy("id")
    private List<Instance> instances = new ArrayList<>();

    public Location() {}

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

    public String getRegionCode() {
        return regionCode;
    }

    public void setRegionCode(String regionCode) {
        this.regionCode = regionCode;
    }

    public String getRegionCity() {
        return regionCity;
    }

    public void setRegionCity(String regionCity) {
        this.regionCity = regionCity;
    }

    public String getRegionCountry() {
        return regionCountry;
    }

    public void setRegionCountry(String regionCountry) {
        this.regionCountry = regionCountry;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }

    public String getScaleStrategy() {
        return scaleStrategy;
    }

    public void setScaleStrategy(String scaleStrategy) {
        this.scaleStrategy = scaleStrategy;
    }

    public String getEndpoint() {
        return endpoint;
    }

    public void setEndpoint(String endpoint) {
        this.endpoint = endpoint;
    }

    public int getPlanVcpus() {
        return planVcpus;
    }

    public void setPlanVcpus(int planVcpus) {
        this.planVcpus = planVcpus;
    }

    public int getPlanRamMb() {
        return planRamMb;
    }

    public void setPlanRamMb(int planRamMb) {
        this.planRamMb = planRamMb;
    }

    public int getPlanTransferGb() {
        return planTransferGb;
    }

    public void setPlanTransferGb(int planTransferGb) {
        this.planTransferGb = planTransferGb;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Instant createdAt) {
        this.createdAt = createdAt;
    }

    public List<Instance> getInstances() {
        return instances;
    }

    public void setInstances(List<Instance> instances) {
        this.instances = instances;
    }
}
