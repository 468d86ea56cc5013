package dev.scoperag.launcher.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stack {@code ./scoperag up} runs is for one machine: every server socket it opens (the broker, Flink's REST API,
 * blob server, RPC and data ports) listens on loopback. Flink's blob server and task manager listened on every interface
 * until the stack set their bind hosts. Read from the kernel's socket tables for this process (Linux's /proc).
 */
class EmbeddedStackLoopbackIT {

    @TempDir Path work;

    @Test
    void everyServerSocketOfTheEmbeddedStackListensOnLoopbackOnly() throws Exception {
        Set<String> before = listeningSockets();
        Configuration config = EmbeddedDefaults.apply(new Configuration());
        try (EmbeddedStack stack = EmbeddedStack.start(new EmbeddedStack.Settings(DataDirectory.persistent(work.resolve("data")),
                0, null, config, true))) {
            Set<String> opened = listeningSockets();
            opened.removeAll(before);
            System.out.println("server sockets the stack opened (local address:port, hex as the kernel writes them): " + opened);
            assertThat(opened).as("the broker, REST, blob, RPC and data ports").hasSizeGreaterThanOrEqualTo(3);
            assertThat(opened).allSatisfy(socket -> assertThat(loopback(socket)).as(socket).isTrue());
        }
    }

    /** Local addresses of this process's listening TCP sockets, as /proc/net/tcp and tcp6 write them. */
    private static Set<String> listeningSockets() throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // a descriptor closed while listed
                }
            }
        }
        Set<String> listening = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            List<String> lines = new ArrayList<>(Files.readAllLines(Path.of(table)));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
                if (f.length > 9 && f[3].equals("0A") && inodes.contains(f[9])) {
                    listening.add(f[1]);
                }
            }
        }
        return listening;
    }

    /** 127.0.0.1 (0100007F), ::1, or ::ffff:127.0.0.1, in /proc's hexadecimal. */
    private static boolean loopback(String socket) {
        String address = socket.substring(0, socket.indexOf(':'));
        return address.equals("0100007F") || address.equals("00000000000000000000000001000000")
                || address.equals("0000000000000000FFFF00000100007F");
    }
}
