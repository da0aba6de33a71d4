package dev.warden.rooms.bus;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.warden.common.ApiException;
import dev.warden.rooms.RoomCommand;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JSON of room commands on the bus (docs/game-api.md, "Requirements: Across nodes" rule 3). */
class BusCodecTest {

    private static final List<RoomCommand> EVERY_COMMAND = List.of(
            new RoomCommand.Read(),
            new RoomCommand.Kick("c1", "cheating"),
            new RoomCommand.Kick(null, null),
            new RoomCommand.Lock(),
            new RoomCommand.Unlock(),
            new RoomCommand.Message(
                    "hello", JSON.createObjectBuilder().add("n", 1).build(), "c1"),
            new RoomCommand.Message("all", JsonValue.NULL, null),
            new RoomCommand.SetState(
                    "/a/b", JSON.createArrayBuilder().add("x").add(2).build()),
            new RoomCommand.SetState("/a", JsonValue.NULL),
            new RoomCommand.DeleteState("/a"),
            new RoomCommand.Dispose("closing time"),
            new RoomCommand.Dispose(null));

    @Test
    void everyCommandSurvivesTheWire() {
        for (RoomCommand command : EVERY_COMMAND) {
            BusCodec.Wire wire = BusCodec.encode(command);
            // as it travels: inside a message's text
            String text = JSON.createObjectBuilder()
                    .add("op", wire.op())
                    .add("args", wire.args())
                    .build()
                    .toString();
            JsonObject received = JSON.createReader(new StringReader(text)).readObject();
            assertEquals(command, BusCodec.decode(received.getString("op"), received.get("args")), text);
        }
    }

    @Test
    void theWireFormatIsTheBussOpsAndArgs() {
        assertEquals(
                new BusCodec.Wire("kick", json("{\"client_id\":\"c1\",\"reason\":null}")),
                BusCodec.encode(new RoomCommand.Kick("c1", null)));
        assertEquals(new BusCodec.Wire("lock", json("{\"locked\":true}")), BusCodec.encode(new RoomCommand.Lock()));
        assertEquals(new BusCodec.Wire("lock", json("{\"locked\":false}")), BusCodec.encode(new RoomCommand.Unlock()));
        assertEquals(
                new BusCodec.Wire("state_edit", json("{\"path\":\"/a\",\"value\":1}")),
                BusCodec.encode(new RoomCommand.SetState("/a", JSON.createValue(1))));
        assertEquals(
                new BusCodec.Wire("state_delete", json("{\"path\":\"/a\"}")),
                BusCodec.encode(new RoomCommand.DeleteState("/a")));
        assertEquals(
                new BusCodec.Wire("message", json("{\"type\":\"t\",\"data\":null,\"client_id\":null}")),
                BusCodec.encode(new RoomCommand.Message("t", null, null)));
        assertEquals(
                new BusCodec.Wire("dispose", json("{\"reason\":null}")),
                BusCodec.encode(new RoomCommand.Dispose(null)));
        assertEquals(new BusCodec.Wire("read", JsonValue.EMPTY_JSON_OBJECT), BusCodec.encode(new RoomCommand.Read()));
    }

    @Test
    void absentTextMembersAreNull() {
        assertEquals(new RoomCommand.Kick(null, null), BusCodec.decode("kick", json("{}")));
        assertEquals(new RoomCommand.Dispose(null), BusCodec.decode("dispose", json("{}")));
        assertEquals(
                new RoomCommand.Message("t", JsonValue.NULL, null),
                BusCodec.decode("message", json("{\"type\":\"t\"}")));
    }

    @Test
    void malformedInputIsRefused() {
        assertEquals(400, refused("nosuchop", json("{}")));
        assertEquals(400, refused(null, json("{}")));
        assertEquals(400, refused("close_user", json("{}"))); // not a room command
        assertEquals(400, refused("read", null));
        assertEquals(400, refused("read", JSON.createValue("args")));
        assertEquals(400, refused("kick", JSON.createArrayBuilder().build()));
        assertEquals(400, refused("kick", json("{\"client_id\":42}")));
        assertEquals(400, refused("dispose", json("{\"reason\":{}}")));
        assertEquals(400, refused("lock", json("{}")));
        assertEquals(400, refused("lock", json("{\"locked\":\"yes\"}")));
        assertEquals(400, refused("lock", json("{\"locked\":null}")));
        assertEquals(400, refused("state_delete", json("{\"path\":[\"/a\"]}")));
        assertEquals(400, refused("message", json("{\"type\":\"t\",\"client_id\":1}")));
        assertEquals(422, refused("state_edit", json("{\"value\":1}")));
        assertEquals(422, refused("state_edit", json("{\"path\":\"/a\"}")));
        assertEquals(422, refused("state_delete", json("{}")));
        assertEquals(422, refused("message", json("{\"data\":1}")));
    }

    private static int refused(String op, JsonValue args) {
        return assertThrows(ApiException.class, () -> BusCodec.decode(op, args)).status();
    }

    private static JsonObject json(String text) {
        return JSON.createReader(new StringReader(text)).readObject();
    }
}
