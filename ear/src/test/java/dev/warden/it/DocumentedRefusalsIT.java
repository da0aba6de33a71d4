package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.RawHttp;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The refusals a property-based tester found outside the documented shape (docs/decisions/every-answer-documented.md):
 * a control character in a path segment, a ban with an empty {@code until}, a list window given by {@code _start}
 * alone, and the list rules that now hold on every list.
 */
@SharedDeployment
class DocumentedRefusalsIT {

    @Test
    void aControlCharacterInAPathSegmentIs400() throws Exception {
        HostingFixture t = new HostingFixture();
        Api.Identity admin = Api.signedIn("admin", null);
        for (String control : List.of("%7F", "%00", "%0A", "%1F")) {
            for (String[] request : List.of(
                    new String[] {
                        "GET",
                        "/api/v1/applications/" + control + "/metrics/current",
                        "Authorization: Bearer " + t.token
                    },
                    new String[] {
                        "POST", "/admin-api/users/" + control + "/unban", "Cookie: warden_session=" + admin.cookie()
                    },
                    new String[] {
                        "GET",
                        "/admin-api/configs/a" + control + "b/_history",
                        "Cookie: warden_session=" + admin.cookie()
                    })) {
                RawHttp.Answer answer = RawHttp.send(request[0], request[1], new String[] {request[2]}, null);
                String what = request[0] + " " + request[1] + " -> " + answer.status() + " " + answer.text();
                assertEquals(400, answer.status(), what);
                // on Open Liberty the path guard feature answers before the web container, which would refuse it
                // with its own body (docs/decisions/liberty-path-guard-feature.md)
                assertTrue(answer.headers().getOrDefault("content-type", "").startsWith("application/json"), what);
                JsonPath body = JsonPath.from(answer.text());
                assertEquals("bad_request", body.getString("error.code"), what);
                assertTrue(body.getString("error.message").startsWith("The path "), what);
            }
        }
    }

    @Test
    void aBanUntilAnEmptyStringIs422NamingUntil() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        long player = TestDb.user("blank-until-" + TestDb.unique() + "@example.com", "Player", "player password 1");
        for (String until : List.of("\"\"", "\"   \"", "\"garbage\"")) {
            Api.session(admin.cookie())
                    .contentType(ContentType.JSON)
                    .body("{\"reason\":\"x\",\"until\":" + until + "}")
                    .post("/admin-api/users/" + player + "/ban")
                    .then()
                    .statusCode(422)
                    .body("error.code", equalTo("invalid_request"))
                    .body("error.fields", hasKey("until"));
        }
        Api.session(admin.cookie())
                .get("/admin-api/users/" + player)
                .then()
                .statusCode(200)
                .body("ban", nullValue());
        // null (or no until) stays the permanent ban
        Api.session(admin.cookie())
                .contentType(ContentType.JSON)
                .body("{\"reason\":\"x\",\"until\":null}")
                .post("/admin-api/users/" + player + "/ban")
                .then()
                .statusCode(200)
                .body("user.ban.until", nullValue());
    }

    @Test
    void everyListTakesTheSameWindowAndOrderRules() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        for (String list : List.of("/admin-api/rooms", "/admin-api/configs")) {
            Api.session(admin.cookie())
                    .get(list + "?_start=100464")
                    .then()
                    .statusCode(200)
                    .header("X-Total-Count", not(nullValue()))
                    .body("size()", equalTo(0));
            Api.session(admin.cookie()).get(list + "?_order=").then().statusCode(200);
            Api.session(admin.cookie())
                    .get(list + "?_sort=id&_order=sideways")
                    .then()
                    .statusCode(422)
                    .body("error.fields", hasKey("_order"));
            Api.session(admin.cookie())
                    .get(list + "?_start=5&_end=2000")
                    .then()
                    .statusCode(422)
                    .body("error.fields", hasKey("_end"));
        }
        String key = "refusals." + TestDb.unique();
        String id = Api.post(admin.cookie(), "configs", "{\"key\":\"" + key + "\",\"value\":1}")
                .then()
                .statusCode(201)
                .extract()
                .path("_id");
        String history = "/admin-api/configs/" + id + "/_history";
        Api.session(admin.cookie())
                .get(history + "?_start=464")
                .then()
                .statusCode(200)
                .header("X-Total-Count", equalTo("1"))
                .body("size()", equalTo(0));
        Api.session(admin.cookie())
                .get(history + "?_start=0")
                .then()
                .statusCode(200)
                .body("size()", equalTo(1));
        Api.session(admin.cookie())
                .get(history + "?id_eq=1")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("id_eq"));
    }
}
