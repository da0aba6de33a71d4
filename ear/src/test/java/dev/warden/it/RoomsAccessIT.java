package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;

import dev.warden.it.support.Api;
import dev.warden.it.support.GameClient;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Who may see live rooms (docs/security.md, the {@code /admin-api/rooms} rows), against the shared EAR.
 */
@SharedDeployment
class RoomsAccessIT {

    private final List<GameClient> open = new ArrayList<>();

    @AfterEach
    void closeSockets() throws Exception {
        for (GameClient c : open) {
            try {
                c.leave();
            } catch (RuntimeException e) {
                // closed already
            }
        }
        open.clear();
    }

    /** A new player's token; the shared server counts every registration from loopback, so the count restarts. */
    private static String player(String name) throws Exception {
        TestDb.update("DELETE FROM warden_limit_counters WHERE key LIKE 'player-auth-ip:%'");
        return GameClient.register(name);
    }

    private GameClient connect(String path, String token) {
        GameClient c = GameClient.connect(path, token);
        open.add(c);
        return c;
    }

    @Test
    void roleUserReadsNoRoomRouteWhileAdminsAndRoomsModsDo() throws Exception {
        GameClient a = connect("lobby?create=true", player("watched"));
        String room = a.next("state").getString("room_id");
        String user = Api.signedIn("user", null).cookie();
        for (String path : List.of(
                "/admin-api/rooms", "/admin-api/rooms/_nodes", "/admin-api/rooms/" + room, "/admin-api/_views/rooms")) {
            Api.session(user).get(path).then().statusCode(403).body("error.code", equalTo("forbidden"));
        }
        String outOfScope = Api.signedIn("mod", "users").cookie();
        Api.session(outOfScope).get("/admin-api/rooms/" + room).then().statusCode(403);
        Api.session(outOfScope).get("/admin-api/rooms").then().statusCode(403);
        String mod = Api.signedIn("mod", "rooms").cookie();
        Api.session(mod).get("/admin-api/rooms/" + room).then().statusCode(200).body("id", equalTo(room));
        Api.session(mod).get("/admin-api/rooms/_nodes").then().statusCode(200);
        String admin = Api.signedIn("admin", null).cookie();
        Api.session(admin)
                .get("/admin-api/rooms?id=" + room)
                .then()
                .statusCode(200)
                .body("size()", equalTo(1));
    }
}
