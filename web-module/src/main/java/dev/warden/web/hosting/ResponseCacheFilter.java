package dev.warden.web.hosting;

import dev.warden.hosting.cache.CachePolicy;
import dev.warden.hosting.cache.CachedResponse;
import dev.warden.hosting.cache.ResponseCache;
import dev.warden.hosting.limits.Endpoint;
import jakarta.annotation.Priority;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The hosting API response cache as a pair of filters, so resource classes need no change (docs/hosting-api.md, "Requirements: Limits" rule 6
 * and the "Refreshes every" column; docs/architecture.md, "Requirements: Hosting side": shared by every node through
 * {@link ResponseCache}). Runs after {@link HostingAccessFilter}, so a cached answer still counts (rule 3).
 *
 * <ul>
 *   <li>Request: a fresh entry for (team, method + path + normalised query) answers at once: 200 with the
 *       stored body, or 304 when {@code If-None-Match} names its {@code ETag} (so {@link InstanceSlotFilter},
 *       which runs next, never holds an instance for a cached answer).</li>
 *   <li>Response: a 200 whose entity is JSON ({@code JsonValue}) or text ({@code String}) is stored for the
 *       endpoint's interval and re-sent as the stored text; other answers are never cached.</li>
 *   <li>Every cached-or-cacheable 200/304 carries {@code Cache-Control: private, max-age=<seconds until
 *       refresh>} (decreasing as the entry ages) and {@code ETag}.</li>
 * </ul>
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHORIZATION + 100)
public class ResponseCacheFilter implements ContainerRequestFilter, ContainerResponseFilter {

    static final String KEY = ResponseCacheFilter.class.getName() + ".key";
    static final String TTL = ResponseCacheFilter.class.getName() + ".ttl";
    static final String HIT = ResponseCacheFilter.class.getName() + ".hit";

    @EJB
    ResponseCache cache;

    @Inject
    HostingRequest hosting;

    @Context
    ResourceInfo resourceInfo;

    /** Off only for diagnosis or tests that re-read changed data at once; the requirements' caching applies when on. */
    @Inject
    @ConfigProperty(name = "warden.hosting.cache.enabled", defaultValue = "true")
    boolean enabled;

    @Override
    public void filter(ContainerRequestContext request) {
        Endpoint endpoint = Endpoints.of(resourceInfo);
        if (endpoint == null || !enabled || !HttpMethod.GET.equals(request.getMethod())) {
            return;
        }
        long started = System.nanoTime();
        long team = hosting.access().teamId();
        Map<String, List<String>> query = request.getUriInfo().getQueryParameters();
        int ttl = CachePolicy.ttlSeconds(endpoint, query);
        if (ttl <= 0) {
            return;
        }
        String key = CachePolicy.key(request.getMethod(), request.getUriInfo().getPath(), query);
        var hit = cache.find(team, key);
        appendTiming(request, Endpoints.timing("cache", started));
        if (hit.isPresent()) {
            request.setProperty(HIT, hit.get());
            request.abortWith(answer(hit.get(), request.getHeaderString(HttpHeaders.IF_NONE_MATCH)));
            return;
        }
        request.setProperty(KEY, key);
        request.setProperty(TTL, ttl);
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object timing = request.getProperty(HostingAccessFilter.TIMING);
        if (timing != null) {
            response.getHeaders().putSingle("Server-Timing", timing.toString());
        }
        if (request.getProperty(HIT) != null
                || !(request.getProperty(KEY) instanceof String key)
                || response.getStatus() != 200) {
            return;
        }
        Object entity = response.getEntity();
        MediaType type = response.getMediaType();
        String body;
        if (entity instanceof JsonValue json) {
            body = json.toString();
            if (type == null) {
                type = MediaType.APPLICATION_JSON_TYPE;
            }
        } else if (entity instanceof String text) {
            body = text;
            if (type == null) {
                type = MediaType.TEXT_PLAIN_TYPE;
            }
        } else {
            return; // not a JSON or text entity: served as it is, never cached
        }
        CachedResponse stored =
                cache.store(hosting.access().teamId(), key, type.toString(), body, (Integer) request.getProperty(TTL));
        MediaType storedType = MediaType.valueOf(stored.mediaType());
        response.setEntity(stored.body(), new Annotation[0], storedType);
        headers(response.getHeaders(), stored);
        if (CachePolicy.notModified(request.getHeaderString(HttpHeaders.IF_NONE_MATCH), stored.etag())) {
            response.setStatus(304);
            response.setEntity(null);
            response.getHeaders().remove(HttpHeaders.CONTENT_TYPE);
        }
    }

    /** The answer of a cache hit: 304 when {@code ifNoneMatch} names its tag, else 200 with the stored text. */
    static Response answer(CachedResponse hit, String ifNoneMatch) {
        Response.ResponseBuilder builder = CachePolicy.notModified(ifNoneMatch, hit.etag())
                ? Response.notModified()
                : Response.ok(hit.body(), MediaType.valueOf(hit.mediaType()));
        builder.header(HttpHeaders.CACHE_CONTROL, cacheControl(hit)).header(HttpHeaders.ETAG, hit.etag());
        return builder.build();
    }

    private static void headers(jakarta.ws.rs.core.MultivaluedMap<String, Object> headers, CachedResponse stored) {
        headers.putSingle(HttpHeaders.CACHE_CONTROL, cacheControl(stored));
        headers.putSingle(HttpHeaders.ETAG, stored.etag());
    }

    /** {@code private, max-age=<seconds until refresh>} (docs/hosting-api.md, "Requirements: Limits" rule 6). */
    static String cacheControl(CachedResponse cached) {
        return "private, max-age=" + cached.maxAgeSeconds();
    }

    private static void appendTiming(ContainerRequestContext request, String metric) {
        Object before = request.getProperty(HostingAccessFilter.TIMING);
        if (before != null) {
            request.setProperty(HostingAccessFilter.TIMING, before + ", " + metric);
        }
    }
}
