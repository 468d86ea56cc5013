package dev.scoperag.embedded;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.server.ServerSocketFactory;

/**
 * Listener sockets bound on 127.0.0.1 before the broker starts, handed to Kafka when it opens
 * its listeners.
 *
 * <p>Binding first means a requested port of 0 becomes a known port that the controller quorum
 * and the advertised listener can be configured with, without the race of probing for a free
 * port, closing it and hoping it is still free a moment later.
 */
final class LoopbackSockets implements ServerSocketFactory, AutoCloseable {

    static final String LOOPBACK = "127.0.0.1";

    private final Map<String, ServerSocketChannel> unclaimed = new HashMap<>();
    private final Map<String, Integer> boundPorts = new HashMap<>();

    /** Binds one socket per listener name; a port of 0 picks a free one. */
    static LoopbackSockets bind(Map<String, Integer> portsByListener) {
        LoopbackSockets sockets = new LoopbackSockets();
        try {
            for (Map.Entry<String, Integer> listener : portsByListener.entrySet()) {
                sockets.bindOne(listener.getKey(), listener.getValue());
            }
            return sockets;
        } catch (RuntimeException e) {
            sockets.close();
            throw e;
        }
    }

    private void bindOne(String listener, int port) {
        try {
            ServerSocketChannel channel = ServerSocketChannel.open();
            try {
                channel.configureBlocking(false);
                channel.socket().setReuseAddress(true);
                channel.bind(new InetSocketAddress(LOOPBACK, port));
            } catch (IOException e) {
                channel.close();
                throw e;
            }
            unclaimed.put(listener, channel);
            boundPorts.put(listener, channel.socket().getLocalPort());
        } catch (BindException e) {
            throw new EmbeddedKafkaException(
                    EmbeddedKafkaException.Reason.PORT_IN_USE,
                    "cannot bind the " + listener + " listener to " + LOOPBACK + ":" + port
                            + " (" + e.getMessage() + "); choose another port or 0 for a free one",
                    e);
        } catch (IOException e) {
            throw new EmbeddedKafkaException(
                    EmbeddedKafkaException.Reason.STARTUP_FAILED,
                    "cannot open a socket for the " + listener + " listener",
                    e);
        }
    }

    int port(String listener) {
        Integer port = boundPorts.get(listener);
        if (port == null) {
            throw new IllegalArgumentException("no socket bound for listener " + listener);
        }
        return port;
    }

    @Override
    public synchronized ServerSocketChannel openServerSocket(
            String listenerName,
            InetSocketAddress socketAddress,
            int listenBacklogSize,
            int recvBufferSize)
            throws IOException {
        ServerSocketChannel prebound = unclaimed.remove(listenerName);
        if (prebound != null) {
            return prebound;
        }
        return ServerSocketFactory.INSTANCE.openServerSocket(
                listenerName, socketAddress, listenBacklogSize, recvBufferSize);
    }

    /** Closes the sockets Kafka never claimed; the claimed ones belong to its socket servers. */
    @Override
    public synchronized void close() {
        for (ServerSocketChannel channel : unclaimed.values()) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing was listening on it yet, so there is nothing to recover
            }
        }
        unclaimed.clear();
    }
}
