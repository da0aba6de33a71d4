package dev.warden.hosting.provider;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProviderPayloadsTest {

    private static JsonArray array(String json) {
        return JSON.createReader(new StringReader(json)).readArray();
    }

    private static JsonObject object(String json) {
        return JSON.createReader(new StringReader(json)).readObject();
    }

    @Test
    void minorUnitsBecomeCurrencyUnits() {
        assertEquals(new BigDecimal("19.99"), ProviderPayloads.units(1999, "USD"));
        assertEquals(new BigDecimal("0.05"), ProviderPayloads.units(5, "EUR"));
        assertEquals(new BigDecimal("1200"), ProviderPayloads.units(1200, "JPY"));
        assertEquals(new BigDecimal("1.500"), ProviderPayloads.units(1500, "KWD"));
        assertEquals(new BigDecimal("-3.00"), ProviderPayloads.units(-300, "USD"));
        assertEquals(new BigDecimal("12.34"), ProviderPayloads.units(1234, "XYZ"));
    }

    @Test
    void customerAndSubscriptionsAreRead() {
        ProviderPayloads.Customer c = ProviderPayloads.customer(
                object(
                        "{\"id\":\"cus_1\",\"currency\":\"usd\",\"credit_balance\":2500,\"balance_due\":0,\"unused_time_credit\":120}"));
        assertEquals(new ProviderPayloads.Customer("USD", 2500, 0, 120), c);
        List<ProviderPayloads.ProviderSubscription> subs =
                ProviderPayloads.subscriptions(array("[{\"id\":\"sub_1\",\"status\":\"active\",\"monthly_price\":2900,"
                        + "\"current_period_end\":\"2026-12-01T01:00:00+01:00\",\"cancel_at_period_end\":true}]"));
        assertEquals(
                List.of(new ProviderPayloads.ProviderSubscription(
                        "sub_1", "active", 2900, Instant.parse("2026-12-01T00:00:00Z"), true)),
                subs);
    }

    @Test
    void contractBreachesAreProviderFailures() {
        assertThrows(
                ProviderUnavailableException.class,
                () -> ProviderPayloads.customer(object(
                        "{\"currency\":\"dollars\",\"credit_balance\":1,\"balance_due\":0,\"unused_time_credit\":0}")));
        assertThrows(
                ProviderUnavailableException.class,
                () -> ProviderPayloads.customer(object(
                        "{\"currency\":\"usd\",\"credit_balance\":1.5,\"balance_due\":0,\"unused_time_credit\":0}")));
        assertThrows(
                ProviderUnavailableException.class, () -> ProviderPayloads.customer(object("{\"currency\":\"usd\"}")));
        assertThrows(
                ProviderUnavailableException.class,
                () -> ProviderPayloads.subscriptions(
                        array(
                                "[{\"id\":\"s\",\"status\":\"active\",\"monthly_price\":1,\"current_period_end\":\"2026-12-01\",\"cancel_at_period_end\":false}]")));
        assertThrows(
                ProviderUnavailableException.class,
                () -> ProviderPayloads.traffic(
                        array("[{\"date\":\"2026-11-01\",\"outgoing_bytes\":-1,\"incoming_bytes\":0}]")));
        assertThrows(ProviderUnavailableException.class, () -> ProviderPayloads.traffic(array("[1]")));
    }

    @Test
    void trafficIsRead() {
        assertEquals(
                List.of(new ProviderPayloads.TrafficDay(LocalDate.parse("2026-11-01"), 10, 20)),
                ProviderPayloads.traffic(
                        array("[{\"date\":\"2026-11-01\",\"outgoing_bytes\":10,\"incoming_bytes\":20}]")));
    }

    @Test
    void agentOutputKeepsItsNewestBytes() throws Exception {
        byte[] data = new byte[300_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i % 251);
        }
        byte[] tail = InstanceAgents.tail(new ByteArrayInputStream(data), 100_000);
        assertArrayEquals(java.util.Arrays.copyOfRange(data, 200_000, 300_000), tail);
        assertArrayEquals(
                java.util.Arrays.copyOf(data, 10),
                InstanceAgents.tail(new ByteArrayInputStream(java.util.Arrays.copyOf(data, 10)), 100));
    }
}
