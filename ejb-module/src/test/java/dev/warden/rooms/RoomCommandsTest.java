package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.common.ApiException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** Each {@link RoomCommand} run on a real room of this node: its effect and its answer (docs/admin-api.md, "Live rooms"). */
class RoomCommandsTest {

    private final Room room = TestRooms.room("r1");

    @Test
    void readAnswersTheRowWithStateAndClients() {
        TestRooms.seat(room, 7);
        RoomCommands.run(room, "n1", new RoomCommand.SetState("/score", JSON.createValue(3)));
        JsonObject read = RoomCommands.run(room, "n1", new RoomCommand.Read()).asJsonObject();
        assertEquals("r1", read.getString("id"));
        assertEquals("n1", read.getString("node"));
        assertEquals(4, read.getInt("max_clients"));
        assertEquals(1, read.getJsonArray("clients").size()); // the row's count gives way to the clients
        assertEquals(3, read.getJsonObject("state").getInt("score"));
        JsonObject client = read.getJsonArray("clients").getJsonObject(0);
        assertEquals(7, client.getInt("user_id"));
        assertEquals("player 7", client.getJsonObject("_labels").getString("user_id"));
    }

    @Test
    void kickClosesTheSocketWith4001AndFreesTheSeat() {
        TestRooms.Socket socket = TestRooms.seat(room, 7);
        String clientId = TestRooms.clientId(room, 7);
        assertEquals(JsonValue.TRUE, RoomCommands.run(room, "n1", new RoomCommand.Kick(clientId, "cheating")));
        assertEquals(CloseCodes.KICKED, socket.closeCode);
        assertEquals("cheating", socket.closeReason);
        assertEquals(0, room.seatCount());
    }

    @Test
    void kickOfAnUnknownOrMissingClientIs404() {
        assertEquals(404, status(() -> RoomCommands.run(room, "n1", new RoomCommand.Kick("nobody", null))));
        assertEquals(404, status(() -> RoomCommands.run(room, "n1", new RoomCommand.Kick(null, null))));
    }

    @Test
    void lockAndUnlockAnswerTheRow() {
        JsonObject locked = RoomCommands.run(room, "n1", new RoomCommand.Lock()).asJsonObject();
        assertTrue(locked.getBoolean("locked"));
        assertTrue(room.locked());
        JsonObject unlocked =
                RoomCommands.run(room, "n1", new RoomCommand.Unlock()).asJsonObject();
        assertFalse(unlocked.getBoolean("locked"));
        assertFalse(room.locked());
    }

    @Test
    void setStateAnswersBeforeAfterAndState() {
        JsonObject first = RoomCommands.run(room, "n1", new RoomCommand.SetState("/a", JSON.createValue("x")))
                .asJsonObject();
        assertEquals(JsonValue.NULL, first.get("before"));
        assertEquals(JSON.createValue("x"), first.get("after"));
        JsonObject second = RoomCommands.run(room, "n1", new RoomCommand.SetState("/a", JsonValue.NULL))
                .asJsonObject();
        assertEquals(JSON.createValue("x"), second.get("before"));
        assertEquals(JsonValue.NULL, second.getJsonObject("state").get("a"));
    }

    @Test
    void aBadPathIs422() {
        assertEquals(422, status(() -> RoomCommands.run(room, "n1", new RoomCommand.SetState("a", JsonValue.TRUE))));
        assertEquals(422, status(() -> RoomCommands.run(room, "n1", new RoomCommand.SetState("/x/y", JsonValue.TRUE))));
        assertEquals(422, status(() -> RoomCommands.run(room, "n1", new RoomCommand.DeleteState("/nothing"))));
        assertEquals(422, status(() -> RoomCommands.run(room, "n1", new RoomCommand.DeleteState(""))));
    }

    @Test
    void deleteStateAnswersBeforeAndState() {
        RoomCommands.run(room, "n1", new RoomCommand.SetState("/a", JSON.createValue(1)));
        JsonObject deleted =
                RoomCommands.run(room, "n1", new RoomCommand.DeleteState("/a")).asJsonObject();
        assertEquals(JSON.createValue(1), deleted.get("before"));
        assertFalse(deleted.getJsonObject("state").containsKey("a"));
    }

    @Test
    void messageReachesOneClientOrAll() {
        TestRooms.Socket seven = TestRooms.seat(room, 7);
        TestRooms.Socket eight = TestRooms.seat(room, 8);
        await(() -> !seven.frames.isEmpty() && !eight.frames.isEmpty()); // their state frames
        String clientId = TestRooms.clientId(room, 7);
        RoomCommands.run(room, "n1", new RoomCommand.Message("hello", JSON.createValue(1), clientId));
        RoomCommands.run(room, "n1", new RoomCommand.Message("all", null, null));
        await(() -> eight.frames.stream().anyMatch(f -> f.contains("\"all\"")));
        await(() -> seven.frames.stream().anyMatch(f -> f.contains("\"all\"")));
        assertTrue(seven.frames.stream().anyMatch(f -> f.contains("\"hello\"")));
        assertTrue(eight.frames.stream().noneMatch(f -> f.contains("\"hello\"")));
        assertEquals(404, status(() -> RoomCommands.run(room, "n1", new RoomCommand.Message("x", null, "nobody"))));
    }

    @Test
    void disposeClosesEveryClientWith4004() {
        TestRooms.Socket socket = TestRooms.seat(room, 7);
        assertEquals(JsonValue.TRUE, RoomCommands.run(room, "n1", new RoomCommand.Dispose(null)));
        assertEquals(CloseCodes.DISPOSED, socket.closeCode);
        assertEquals("disposed by an operator", socket.closeReason);
        assertTrue(room.disposed());
    }

    @Test
    void theRecordsRefuseMissingRequiredFieldsWith422() {
        ApiException path = assertThrows(ApiException.class, () -> new RoomCommand.SetState(null, JsonValue.TRUE));
        assertEquals(422, path.status());
        assertTrue(path.fields().containsKey("path"));
        ApiException value = assertThrows(ApiException.class, () -> new RoomCommand.SetState("/a", null));
        assertTrue(value.fields().containsKey("value"));
        assertTrue(assertThrows(ApiException.class, () -> new RoomCommand.DeleteState(null))
                .fields()
                .containsKey("path"));
        assertTrue(assertThrows(ApiException.class, () -> new RoomCommand.Message(null, null, null))
                .fields()
                .containsKey("type"));
        assertEquals(JsonValue.NULL, new RoomCommand.Message("t", null, null).data());
    }

    private static int status(Runnable command) {
        return assertThrows(ApiException.class, command::run).status();
    }

    private static void await(BooleanSupplier condition) {
        Instant end = Instant.now().plus(Duration.ofSeconds(5));
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(end)) {
                throw new AssertionError("condition not met within 5 s");
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
