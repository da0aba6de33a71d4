package dev.warden.hosting.provider;

import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.rest.client.RestClientBuilder;

/**
 * Builds the REST clients of the upstream providers, one per call (closed after use), from MicroProfile
 * Config with the standard MicroProfile Rest Client keys of each interface's config key:
 * {@code <key>/mp-rest/url}, {@code <key>/mp-rest/connectTimeout} and {@code <key>/mp-rest/readTimeout}
 * (milliseconds). A client per call keeps no connection state between calls and lets a missing URL answer
 * the endpoint's documented error instead of failing injection. See docs/configuration.md.
 */
@ApplicationScoped
public class ProviderClients {

    /** Default connect timeout of every provider client, in ms. */
    static final long DEFAULT_CONNECT_TIMEOUT_MS = 2000;

    /** The infrastructure provider's client. @throws ProviderUnavailableException when its URL is not set */
    public InfrastructureProviderClient infrastructure() {
        return build(
                InfrastructureProviderClient.class,
                InfrastructureProviderClient.CONFIG_KEY,
                url(InfrastructureProviderClient.CONFIG_KEY),
                InfrastructureProvider.DEFAULT_READ_TIMEOUT_MS);
    }

    /** The billing provider's client. @throws ProviderUnavailableException when its URL is not set */
    public BillingProviderClient billing() {
        return build(
                BillingProviderClient.class,
                BillingProviderClient.CONFIG_KEY,
                url(BillingProviderClient.CONFIG_KEY),
                BillingProvider.DEFAULT_READ_TIMEOUT_MS);
    }

    /**
     * The agent client of one instance, {@code endpoint} being its base URL ({@code warden_instances.endpoint}).
     *
     * @throws ProviderUnavailableException when {@code endpoint} is not an absolute http(s) URL or breaks the
     *                                      {@link EndpointPolicy} (loopback, link-local, scheme)
     */
    public InstanceAgentClient agent(String endpoint) {
        URI uri;
        try {
            uri = URI.create(endpoint.strip());
        } catch (IllegalArgumentException e) {
            throw new ProviderUnavailableException("instance endpoint is not a URL: " + endpoint, e);
        }
        if (uri.getScheme() == null
                || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                || uri.getHost() == null) {
            throw new ProviderUnavailableException("instance endpoint is not an http(s) URL: " + endpoint);
        }
        EndpointPolicy.of(config()).check(uri);
        return build(
                InstanceAgentClient.class, InstanceAgentClient.CONFIG_KEY, uri, InstanceAgents.DEFAULT_READ_TIMEOUT_MS);
    }

    private static URI url(String key) {
        String url = config().getOptionalValue(key + "/mp-rest/url", String.class)
                .filter(s -> !s.isBlank())
                .orElseThrow(() -> new ProviderUnavailableException(key + "/mp-rest/url is not configured"));
        try {
            return URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            throw new ProviderUnavailableException(key + "/mp-rest/url is not a URL: " + url, e);
        }
    }

    private static <T> T build(Class<T> type, String key, URI base, long defaultReadTimeoutMs) {
        Config config = config();
        long connect = config.getOptionalValue(key + "/mp-rest/connectTimeout", Long.class)
                .orElse(DEFAULT_CONNECT_TIMEOUT_MS);
        long read = config.getOptionalValue(key + "/mp-rest/readTimeout", Long.class)
                .orElse(defaultReadTimeoutMs);
        return RestClientBuilder.newBuilder()
                .baseUri(base)
                .connectTimeout(connect, TimeUnit.MILLISECONDS)
                .readTimeout(read, TimeUnit.MILLISECONDS)
                .build(type);
    }

    private static Config config() {
        return ConfigProvider.getConfig();
    }

    /** Closes {@code client}, ignoring failures (the call's own outcome is what matters). */
    static void close(AutoCloseable client) {
        try {
            client.close();
        } catch (Exception ignored) {
            // nothing to do: the connection is dropped either way
        }
    }
}
