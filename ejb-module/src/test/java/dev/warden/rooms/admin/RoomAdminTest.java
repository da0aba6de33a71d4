package dev.warden.rooms.admin;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.auth.Operator;
import dev.warden.auth.Role;
import dev.warden.common.ApiException;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.rooms.Room;
import dev.warden.rooms.RoomCommand;
import dev.warden.rooms.RoomStore;
import dev.warden.rooms.Rooms;
import dev.warden.rooms.TestRooms;
import dev.warden.rooms.bus.RoomBus;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rooms use case's dispatch (docs/admin-api.md, "Live rooms"): authorisation before the command is built, a room
 * of this node called directly (never the bus), another node's room through the bus with the command as a type, 404
 * for a room on no node, and the {@code room.*} audit entries with {@code ip} and {@code userAgent}.
 */
class RoomAdminTest {

    private static final Operator ADMIN = new Operator(1, "admin@example.com", Role.ADMIN, List.of(), "s1");
    private static final Operator USER = new Operator(2, "user@example.com", Role.USER, List.of(), "s2");

    private final Room local = TestRooms.room("here1");
    private final List<Operation> checked = new ArrayList<>();
    private final List<String> busCalls = new ArrayList<>();
    private final List<RoomCommand> busCommands = new ArrayList<>();
    private final List<AuditRecord> audited = new ArrayList<>();
    private JsonObject busAnswer =
            JSON.createObjectBuilder().add("status", 200).add("body", true).build();
    private RoomAdmin admin;

    @BeforeEach
    void wire() {
        admin = new RoomAdmin();
        admin.rooms = new Rooms() {
            @Override
            public Optional<Room> find(String id) {
                return id.equals(local.id()) ? Optional.of(local) : Optional.empty();
            }

            @Override
            public String node() {
                return "n1";
            }
        };
        admin.store = new RoomStore() {
            @Override
            public Row row(String id) {
                return id.equals("there1")
                        ? new Row(id, "test", "n2", 1, false, Instant.EPOCH, null, null, new long[0])
                        : null;
            }
        };
        admin.bus = new RoomBus() {
            @Override
            public JsonObject call(String node, String roomId, RoomCommand command) {
                busCalls.add(node + "/" + roomId);
                busCommands.add(command);
                return busAnswer;
            }
        };
        admin.moderation = new Moderation() {
            @Override
            public ResourceDef authorize(Operator operator, Operation action, String key) {
                assertEquals("rooms", key);
                checked.add(action);
                if (operator.role() == Role.USER) {
                    throw ApiException.forbidden("no");
                }
                return null;
            }
        };
        admin.trail = new AuditTrail() {
            @Override
            public void afterCommit(AuditRecord entry) {
                audited.add(entry);
            }
        };
    }

    @Test
    void aRoomOfThisNodeIsCalledDirectly() {
        JsonValue answer = run(RoomCommand.Lock.class, RoomCommand.Lock::new, "here1");
        assertTrue(answer.asJsonObject().getBoolean("locked"));
        assertTrue(local.locked());
        assertEquals(List.of(), busCalls);
    }

    @Test
    void anotherNodesRoomGetsTheCommandThroughTheBus() {
        RoomCommand.Kick kick = new RoomCommand.Kick("c1", null);
        assertEquals(JsonValue.TRUE, run(RoomCommand.Kick.class, () -> kick, "there1"));
        assertEquals(List.of("n2/there1"), busCalls);
        assertEquals(List.of(kick), busCommands);
    }

    @Test
    void theOwnersErrorComesBackAsItsException() {
        busAnswer = JSON.createObjectBuilder()
                .add("status", 404)
                .add("code", "NOT_FOUND")
                .add("message", "No client 'c1' in room there1")
                .build();
        ApiException e = assertThrows(
                ApiException.class,
                () -> run(RoomCommand.Kick.class, () -> new RoomCommand.Kick("c1", null), "there1"));
        assertEquals(404, e.status());
        assertEquals(List.of(), audited);
    }

    @Test
    void aRoomOnNoNodeIs404AndNotAudited() {
        ApiException e = assertThrows(
                ApiException.class, () -> run(RoomCommand.Dispose.class, () -> new RoomCommand.Dispose(null), "gone"));
        assertEquals(404, e.status());
        assertEquals(List.of(), busCalls);
        assertEquals(List.of(), audited);
    }

    @Test
    void aRefusedOperatorGets403BeforeTheCommandIsBuilt() {
        AtomicBoolean built = new AtomicBoolean();
        ApiException e = assertThrows(
                ApiException.class,
                () -> admin.run(
                        USER,
                        "here1",
                        RoomCommand.SetState.class,
                        () -> {
                            built.set(true);
                            return new RoomCommand.SetState(null, null);
                        },
                        null,
                        null));
        assertEquals(403, e.status());
        assertFalse(built.get());
        assertFalse(local.locked());
    }

    @Test
    void eachCommandNeedsItsPermission() {
        assertEquals(Operation.READ, RoomAdmin.operation(RoomCommand.Read.class));
        assertEquals(Operation.DELETE, RoomAdmin.operation(RoomCommand.Dispose.class));
        for (Class<? extends RoomCommand> kind : List.of(
                RoomCommand.Kick.class,
                RoomCommand.Lock.class,
                RoomCommand.Unlock.class,
                RoomCommand.Message.class,
                RoomCommand.SetState.class,
                RoomCommand.DeleteState.class)) {
            assertEquals(Operation.UPDATE, RoomAdmin.operation(kind), kind.getSimpleName());
        }
    }

    @Test
    void commandsAreAuditedWithTheClientsAddressAndAgent() {
        run(RoomCommand.SetState.class, () -> new RoomCommand.SetState("/a", JSON.createValue(2)), "here1");
        run(RoomCommand.Unlock.class, RoomCommand.Unlock::new, "here1");
        run(RoomCommand.Kick.class, () -> new RoomCommand.Kick("c9", "bye"), "there1");
        assertEquals(3, audited.size());
        AuditRecord edit = audited.get(0);
        assertEquals("room.state_edit", edit.action());
        assertEquals("rooms", edit.resource());
        assertEquals("here1", edit.targetId());
        assertEquals(1L, edit.operatorId());
        assertEquals(
                json("{\"path\":\"/a\",\"before\":null,\"after\":2,\"ip\":\"192.0.2.9\",\"userAgent\":\"agent\"}"),
                edit.payload());
        assertEquals("room.unlock", audited.get(1).action());
        assertEquals(
                json("{\"ip\":\"192.0.2.9\",\"userAgent\":\"agent\"}"),
                audited.get(1).payload());
        assertEquals(
                json("{\"client_id\":\"c9\",\"reason\":\"bye\",\"ip\":\"192.0.2.9\",\"userAgent\":\"agent\"}"),
                audited.get(2).payload());
        assertEquals(List.of(Operation.UPDATE, Operation.UPDATE, Operation.UPDATE), checked);
    }

    @Test
    void theActionsAndPayloadsOfTheOtherCommands() {
        assertEquals("room.lock", RoomAdmin.action(new RoomCommand.Lock()));
        assertEquals("room.kick", RoomAdmin.action(new RoomCommand.Kick("c", null)));
        assertEquals("room.state_delete", RoomAdmin.action(new RoomCommand.DeleteState("/a")));
        assertEquals("room.dispose", RoomAdmin.action(new RoomCommand.Dispose(null)));
        assertEquals("room.message", RoomAdmin.action(new RoomCommand.Message("t", null, null)));
        assertNull(RoomAdmin.action(new RoomCommand.Read()));
        assertEquals(
                json("{\"path\":\"/a\",\"before\":1}"),
                RoomAdmin.payload(new RoomCommand.DeleteState("/a"), json("{\"before\":1,\"state\":{}}"))
                        .build());
        assertEquals(
                json("{\"reason\":null}"),
                RoomAdmin.payload(new RoomCommand.Dispose(null), JsonValue.TRUE).build());
        assertEquals(
                json("{\"type\":\"t\",\"data\":{\"x\":1},\"client_id\":null}"),
                RoomAdmin.payload(new RoomCommand.Message("t", json("{\"x\":1}"), null), JsonValue.TRUE)
                        .build());
    }

    @Test
    void aReadIsNotAudited() {
        JsonObject room =
                run(RoomCommand.Read.class, RoomCommand.Read::new, "here1").asJsonObject();
        assertEquals("here1", room.getString("id"));
        assertEquals(List.of(), audited);
        assertEquals(List.of(Operation.READ), checked);
    }

    private <C extends RoomCommand> JsonValue run(Class<C> kind, java.util.function.Supplier<C> command, String id) {
        return admin.run(ADMIN, id, kind, command, "192.0.2.9", "agent");
    }

    private static JsonObject json(String text) {
        return JSON.createReader(new java.io.StringReader(text)).readObject();
    }
}
