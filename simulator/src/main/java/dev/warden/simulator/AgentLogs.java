package dev.warden.simulator;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the simulated instance agents print: colourful (ANSI) process output on stdout and stderr, generated
 * per agent key (the same lines for the same key and minute), or fixed by a test with
 * {@code PUT /control/agents/{key}/output}.
 */
@ApplicationScoped
public class AgentLogs {

    /** One line of output on {@code stream} ({@code out} or {@code err}), without its newline. */
    public record Line(String stream, String text) {}

    static final String ESC = "\u001B[";
    private static final int GENERATED = 1000;
    private static final String[] ROOMS = {"lobby", "arena-1", "arena-2", "duel-7", "coop-3"};
    private static final String[] PLAYERS = {"SwiftFalcon", "maya_oka", "NeonOtter42", "IronBadger", "Pixel", "Kenji S."
    };

    private final Map<String, List<Line>> fixed = new ConcurrentHashMap<>();

    public void fix(String key, List<Line> lines) {
        fixed.put(key, List.copyOf(lines));
    }

    public void unfix(String key) {
        fixed.remove(key);
    }

    /** The newest {@code count} lines of {@code stream} (all, out or err) of agent {@code key}, oldest first. */
    public List<Line> newest(String key, String stream, int count) {
        List<Line> source = fixed.getOrDefault(key, null);
        if (source == null) {
            source = generate(key, Instant.now().truncatedTo(ChronoUnit.MINUTES));
        }
        List<Line> selected = new ArrayList<>();
        for (Line line : source) {
            if (stream.equals("all") || line.stream().equals(stream)) {
                selected.add(line);
            }
        }
        return selected.subList(Math.max(0, selected.size() - count), selected.size());
    }

    static List<Line> generate(String key, Instant until) {
        Random random = new Random(key.hashCode() * 31L + until.getEpochSecond() / 60);
        List<Line> lines = new ArrayList<>(GENERATED);
        long[] gaps = new long[GENERATED];
        long span = 0;
        for (int i = 0; i < GENERATED; i++) {
            gaps[i] = 1 + random.nextInt(10);
            span += gaps[i];
        }
        Instant t = until.minusSeconds(span); // the newest line is printed at "until"
        for (int i = 0; i < GENERATED; i++) {
            t = t.plusSeconds(gaps[i]);
            String ts = ESC + "2m" + t.truncatedTo(ChronoUnit.MILLIS) + ESC + "0m ";
            String room = ESC + "36m[" + ROOMS[random.nextInt(ROOMS.length)] + "]" + ESC + "0m ";
            String player = ESC + "1m" + PLAYERS[random.nextInt(PLAYERS.length)] + ESC + "22m";
            int roll = random.nextInt(100);
            if (roll < 8) {
                lines.add(new Line(
                        "err",
                        ts + ESC + "1;31mERROR" + ESC + "0m " + room
                                + "state sync failed for " + player + ": " + ESC + "31mtimeout after "
                                + (200 + random.nextInt(800)) + " ms" + ESC + "39m"));
            } else if (roll < 15) {
                lines.add(new Line(
                        "err",
                        ts + ESC + "33mWARN " + ESC + "0m " + room + "tick took " + (17 + random.nextInt(40))
                                + " ms (budget 16 ms)"));
            } else if (roll < 55) {
                lines.add(new Line(
                        "out",
                        ts + ESC + "32mINFO " + ESC + "0m " + room + player + " joined (" + (1 + random.nextInt(16))
                                + "/16)"));
            } else if (roll < 85) {
                lines.add(new Line(
                        "out",
                        ts + ESC + "32mINFO " + ESC + "0m " + room + player + " left after " + (1 + random.nextInt(40))
                                + " min"));
            } else {
                lines.add(new Line(
                        "out",
                        ts + ESC + "34mDEBUG" + ESC + "0m " + room + "snapshot " + random.nextInt(100_000) + " sent to "
                                + (1 + random.nextInt(16)) + " clients"));
            }
        }
        return lines;
    }
}
