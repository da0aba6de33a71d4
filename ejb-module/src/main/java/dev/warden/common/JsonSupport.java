package dev.warden.common;

import jakarta.json.spi.JsonProvider;

/**
 * The one JSON-P provider of the application, looked up once. Every static {@code jakarta.json.Json}
 * factory method looks the provider up again (a service-loader search); on the list path that cost about
 * 0.4 ms a row, so hot code builds and reads JSON through {@link #JSON} instead.
 */
public final class JsonSupport {

    /** The JSON-P provider: {@code JSON.createObjectBuilder()}, {@code JSON.createReader(...)}, ... */
    public static final JsonProvider JSON = JsonProvider.provider();

    private JsonSupport() {}
}
