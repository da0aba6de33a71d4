package dev.warden.simulator;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The billing provider's customers (in memory): the demo's built-in customers, plus any a test puts with
 * {@code PUT /control/billing/customers/{id}}. Amounts are integers in minor units (cents).
 */
@ApplicationScoped
public class Billing {

    /** A customer as answered, and its subscriptions as answered. */
    public record Customer(JsonObject customer, JsonArray subscriptions) {}

    private final Map<String, Customer> customers = new ConcurrentHashMap<>();

    public Billing() {
        String periodEnd = LocalDate.now(ZoneOffset.UTC)
                .withDayOfMonth(1)
                .plusMonths(1)
                .atStartOfDay()
                .toInstant(ZoneOffset.UTC)
                .toString();
        put(
                "cus_demo_studio",
                Json.createObjectBuilder()
                        .add("currency", "usd")
                        .add("credit_balance", 2500)
                        .add("balance_due", 0)
                        .add("unused_time_credit", 1240)
                        .build(),
                Json.createArrayBuilder()
                        .add(subscription("sub_demo_space_arena", "active", 2900, periodEnd, false))
                        .add(subscription("sub_demo_block_party", "trialing", 4900, periodEnd, true))
                        .build());
        put(
                "cus_demo_other",
                Json.createObjectBuilder()
                        .add("currency", "eur")
                        .add("credit_balance", 0)
                        .add("balance_due", 1500)
                        .add("unused_time_credit", 0)
                        .build(),
                Json.createArrayBuilder()
                        .add(subscription("sub_demo_secret_project", "past_due", 1900, periodEnd, false))
                        .build());
    }

    private static JsonObject subscription(String id, String status, long price, String periodEnd, boolean cancel) {
        return Json.createObjectBuilder()
                .add("id", id)
                .add("status", status)
                .add("monthly_price", price)
                .add("current_period_end", periodEnd)
                .add("cancel_at_period_end", cancel)
                .build();
    }

    /** Adds or replaces customer {@code id} ({@code id} is set in the stored object). */
    public void put(String id, JsonObject customer, JsonArray subscriptions) {
        JsonObject withId = Json.createObjectBuilder(customer).add("id", id).build();
        customers.put(id, new Customer(withId, subscriptions == null ? JsonArray.EMPTY_JSON_ARRAY : subscriptions));
    }

    public void remove(String id) {
        customers.remove(id);
    }

    public Customer get(String id) {
        return customers.get(id);
    }
}
