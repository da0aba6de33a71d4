package dev.warden.hosting.deploys.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A deploy of an application; maps {@code warden_deploys} (docs/architecture.md, "Requirements: Hosting side"; docs/hosting-api.md, "Requirements: Deploy").
 * <p>
 * {@code status} is one of none, enqueued, deploying, deployed, failed (CHECK constraint); {@code commit} and
 * {@code message} are null until the deploy fetched the code; {@code finished_at} is null until deployed or
 * failed. {@code output} is appended in chunks by the instance agent; it is kept 30 days and always for the
 * application's 10 most recent deploys. Deploys older than a year are deleted.
 */
@Entity
@Table(name = "warden_deploys")
public class Deploy {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    @Column(name = "id")
    private Long id;

    @Column(name = "application_id", nullable = false)
    private Long applicationId;

    @Column(name = "status", nullable = false)
    private String status;

    @Column(name = "branch", nullable = false)
    private String branch;

    @Column(name = "commit")
    private String commit;

    @Column(name = "message")
    private String message;

    @Column(name = "output")
    private String output;

    @Column(name = "started_at", nullable = false)
    private Instant startedAt;

    @Column(name = "finished_at")
    private Instant finishedAt;

    public Deploy() {}

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public Long getApplicationId() {
        return applicationId;
    }

    public void setApplicationId(Long applicationId) {
        this.applicationId = applicationId;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }

    public String getBranch() {
        return branch;
    }

    public void setBranch(String branch) {
        this.branch = branch;
    }

    public String getCommit() {
        return commit;
    }

    public void setCommit(String commit) {
        this.commit = commit;
    }

    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    public String getOutput() {
        return output;
    }

    public void setOutput(String output) {
        this.output = output;
    }

    public Instant getStartedAt() {
        return startedAt;
    }

    public void setStartedAt(Instant startedAt) {
        this.startedAt = startedAt;
    }

    public Instant getFinishedAt() {
        return finishedAt;
    }

    public void setFinishedAt(Instant finishedAt) {
        this.finishedAt = finishedAt;
    }
}
