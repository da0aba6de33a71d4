package dev.warden.hosting.apps;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.hosting.apps.model.Application;
import dev.warden.hosting.apps.model.Instance;
import dev.warden.hosting.apps.model.Location;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The team's applications with their locations and instances (docs/hosting-api.md, "Requirements: Endpoints",
 * {@code /applications}; Resources: Application, Location, Instance).
 *
 * <p>Four queries whatever the number of applications: applications, which of them are parked, their locations,
 * their instances. A parked application ({@link HostedApps#PARKED_CONDITION}; docs/hosting-api.md, "Requirements: States") shows
 * every location and instance with status {@code parked}.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class ApplicationService {

    /** Status of the locations and instances of a parked application. */
    static final String PARKED = "parked";

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    /** {@code {"data": [Application]}} for team {@code teamId}, applications and locations by id. */
    public JsonObject list(long teamId) {
        List<Application> apps = em.createQuery(
                        "SELECT a FROM Application a WHERE a.team.id = :team ORDER BY a.id", Application.class)
                .setParameter("team", teamId)
                .getResultList();
        Set<Long> parked = new HashSet<>();
        if (!apps.isEmpty()) {
            for (Object id : em.createNativeQuery("SELECT a.id FROM warden_applications a WHERE a.team_id = ?1 AND "
                            + HostedApps.PARKED_CONDITION)
                    .setParameter(1, teamId)
                    .getResultList()) {
                parked.add(((Number) id).longValue());
            }
        }
        Map<Long, List<Location>> locationsByApp = new LinkedHashMap<>();
        Map<Long, List<Instance>> instancesByLocation = new LinkedHashMap<>();
        if (!apps.isEmpty()) {
            for (Location location : em.createQuery(
                            "SELECT l FROM Location l WHERE l.application IN :apps ORDER BY l.id", Location.class)
                    .setParameter("apps", apps)
                    .getResultList()) {
                locationsByApp
                        .computeIfAbsent(location.getApplication().getId(), k -> new ArrayList<>())
                        .add(location);
            }
            List<Location> locations =
                    locationsByApp.values().stream().flatMap(List::stream).toList();
            if (!locations.isEmpty()) {
                for (Instance instance : em.createQuery(
                                "SELECT i FROM Instance i WHERE i.location IN :locations ORDER BY i.id", Instance.class)
                        .setParameter("locations", locations)
                        .getResultList()) {
                    instancesByLocation
                            .computeIfAbsent(instance.getLocation().getId(), k -> new ArrayList<>())
                            .add(instance);
                }
            }
        }
        JsonArrayBuilder data = JSON.createArrayBuilder();
        for (Application app : apps) {
            JsonArrayBuilder locations = JSON.createArrayBuilder();
            for (Location location : locationsByApp.getOrDefault(app.getId(), List.of())) {
                JsonArrayBuilder instances = JSON.createArrayBuilder();
                boolean isParked = parked.contains(app.getId());
                instancesByLocation.getOrDefault(location.getId(), List.of()).forEach(i -> {
                    JsonObjectBuilder instance = instance(i);
                    if (isParked) {
                        instance.add("status", PARKED);
                    }
                    instances.add(instance);
                });
                JsonObjectBuilder out = location(location);
                if (isParked) {
                    out.add("status", PARKED);
                }
                locations.add(out.add("instances", instances));
            }
            data.add(JSON.createObjectBuilder()
                    .add("id", app.getId())
                    .add("slug", app.getSlug())
                    .add("name", app.getName())
                    .add("maintenance_mode", app.isMaintenanceMode())
                    .add("created_at", time(app.getCreatedAt()))
                    .add("locations", locations));
        }
        return JSON.createObjectBuilder().add("data", data).build();
    }

    /** A Location without its instances; {@code region} is the object form {code, city, country}. */
    static JsonObjectBuilder location(Location l) {
        JsonObjectBuilder out = JSON.createObjectBuilder()
                .add("id", l.getId())
                .add(
                        "region",
                        JSON.createObjectBuilder()
                                .add("code", l.getRegionCode())
                                .add("city", l.getRegionCity())
                                .add("country", l.getRegionCountry()))
                .add("status", l.getStatus())
                .add("scale_strategy", l.getScaleStrategy());
        nullable(out, "endpoint", l.getEndpoint());
        return out.add(
                "plan",
                JSON.createObjectBuilder()
                        .add("vcpus", l.getPlanVcpus())
                        .add("ram_mb", l.getPlanRamMb())
                        .add("transfer_gb", l.getPlanTransferGb()));
    }

    static JsonObjectBuilder instance(Instance i) {
        JsonObjectBuilder out = JSON.createObjectBuilder().add("id", i.getId());
        nullable(out, "endpoint", i.getEndpoint());
        out.add("status", i.getStatus());
        nullable(out, "deploy_status", i.getDeployStatus());
        nullable(out, "deployed_at", i.getDeployedAt() == null ? null : time(i.getDeployedAt()));
        return out;
    }

    private static void nullable(JsonObjectBuilder out, String name, String value) {
        if (value == null) {
            out.addNull(name);
        } else {
            out.add(name, value);
        }
    }

    /** ISO 8601 UTC; a null time (not yet read back) is never expected here. */
    private static String time(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
