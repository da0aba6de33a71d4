package dev.warden.hosting.provider;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;

/**
 * Reads the providers' JSON bodies (docs/architecture.md, "Requirements: Hosting side") into checked values. A body that breaks its
 * contract (missing or mistyped member, negative byte count, unknown currency) raises
 * {@link ProviderUnavailableException}: Warden then answers as if the provider had failed, and never
 * passes bad figures on.
 */
public final class ProviderPayloads {

    private ProviderPayloads() {}

    /** One day of a server's traffic: UTC date, bytes out and in. */
    public record TrafficDay(LocalDate date, long outgoingBytes, long incomingBytes) {}

    /** A billing customer: ISO 4217 currency (upper case) and amounts in minor units. */
    public record Customer(String currency, long creditBalance, long balanceDue, long unusedTimeCredit) {}

    /** A provider subscription; {@code monthlyPrice} in minor units of the customer's currency. */
    public record ProviderSubscription(
            String id, String status, long monthlyPrice, Instant currentPeriodEnd, boolean cancelAtPeriodEnd) {}

    /** The infrastructure provider's traffic array: {@code [{date, outgoing_bytes, incoming_bytes}]}. */
    public static List<TrafficDay> traffic(JsonArray body) {
        if (body == null) {
            throw bad("traffic: no body");
        }
        List<TrafficDay> days = new ArrayList<>(body.size());
        for (JsonValue value : body) {
            JsonObject day = object(value, "traffic element");
            LocalDate date;
            try {
                date = LocalDate.parse(string(day, "date"));
            } catch (DateTimeParseException e) {
                throw bad("traffic: date is not YYYY-MM-DD: " + day.get("date"));
            }
            long out = whole(day, "outgoing_bytes");
            long in = whole(day, "incoming_bytes");
            if (out < 0 || in < 0) {
                throw bad("traffic: negative byte count on " + date);
            }
            days.add(new TrafficDay(date, out, in));
        }
        return days;
    }

    /** The billing provider's customer: {@code {currency, credit_balance, balance_due, unused_time_credit}}. */
    public static Customer customer(JsonObject body) {
        if (body == null) {
            throw bad("customer: no body");
        }
        return new Customer(
                currency(string(body, "currency")),
                whole(body, "credit_balance"),
                whole(body, "balance_due"),
                whole(body, "unused_time_credit"));
    }

    /** The billing provider's subscription list: {@code [{id, status, monthly_price, current_period_end, cancel_at_period_end}]}. */
    public static List<ProviderSubscription> subscriptions(JsonArray body) {
        if (body == null) {
            throw bad("subscriptions: no body");
        }
        List<ProviderSubscription> out = new ArrayList<>(body.size());
        for (JsonValue value : body) {
            JsonObject s = object(value, "subscription");
            Instant end;
            try {
                end = OffsetDateTime.parse(string(s, "current_period_end")).toInstant();
            } catch (DateTimeParseException e) {
                throw bad("subscription: current_period_end is not ISO 8601 with an offset: "
                        + s.get("current_period_end"));
            }
            JsonValue cancel = s.get("cancel_at_period_end");
            if (cancel != JsonValue.TRUE && cancel != JsonValue.FALSE) {
                throw bad("subscription: cancel_at_period_end is not a boolean");
            }
            out.add(new ProviderSubscription(
                    string(s, "id"), string(s, "status"), whole(s, "monthly_price"), end, cancel == JsonValue.TRUE));
        }
        return out;
    }

    /**
     * {@code minor} minor units of {@code currency} as currency units: 1999 USD cents → 19.99, 1200 JPY →
     * 1200, 1500 KWD fils → 1.500 (the currency's ISO 4217 fraction digits; 2 for a currency without).
     */
    public static BigDecimal units(long minor, String currency) {
        int digits = 2;
        try {
            int d = Currency.getInstance(currency).getDefaultFractionDigits();
            if (d >= 0) {
                digits = d;
            }
        } catch (IllegalArgumentException e) {
            // unknown to the JDK: cents, as most currencies
        }
        return BigDecimal.valueOf(minor, digits);
    }

    /** The upper-case ISO 4217 code; @throws ProviderUnavailableException when it is not three letters */
    static String currency(String code) {
        String upper = code.strip().toUpperCase(Locale.ROOT);
        if (!upper.matches("[A-Z]{3}")) {
            throw bad("customer: currency is not an ISO 4217 code: " + code);
        }
        return upper;
    }

    private static JsonObject object(JsonValue value, String what) {
        if (value instanceof JsonObject o) {
            return o;
        }
        throw bad(what + " is not an object");
    }

    private static String string(JsonObject o, String name) {
        JsonValue v = o.get(name);
        if (v instanceof JsonString s && !s.getString().isBlank()) {
            return s.getString();
        }
        throw bad("member " + name + " is missing or not a non-empty string");
    }

    private static long whole(JsonObject o, String name) {
        JsonValue v = o.get(name);
        if (v instanceof JsonNumber n) {
            try {
                return n.bigDecimalValue().longValueExact();
            } catch (ArithmeticException e) {
                throw bad("member " + name + " is not a whole number: " + n);
            }
        }
        throw bad("member " + name + " is missing or not a number");
    }

    private static ProviderUnavailableException bad(String message) {
        return new ProviderUnavailableException("provider broke its contract: " + message);
    }
}
