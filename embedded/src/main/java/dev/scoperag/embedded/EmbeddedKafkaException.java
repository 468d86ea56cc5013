package dev.scoperag.embedded;

/** Why the embedded broker could not start or do what it was asked, with a reason a user can act on. */
public final class EmbeddedKafkaException extends RuntimeException {

    /** What went wrong, in terms of what the user can change. */
    public enum Reason {
        /** The requested broker or controller port is taken. */
        PORT_IN_USE,
        /** The log directory holds files but is not a Kafka log directory; refusing to format it. */
        LOG_DIR_NOT_KAFKA,
        /** Another embedded broker, in this process or another, holds the log directory. */
        LOG_DIR_IN_USE,
        /** The log directory cannot be created, formatted or read. */
        LOG_DIR_UNUSABLE,
        /** The broker or controller failed while starting. */
        STARTUP_FAILED,
        /** A topic of that name exists with a different partition count. */
        TOPIC_CONFLICT,
        /** The broker refused or timed out creating a topic. */
        TOPIC_CREATION_FAILED
    }

    private final Reason reason;

    public EmbeddedKafkaException(Reason reason, String message, Throwable cause) {
        super(reason + ": " + message, cause);
        this.reason = reason;
    }

    public EmbeddedKafkaException(Reason reason, String message) {
        this(reason, message, null);
    }

    public Reason reason() {
        return reason;
    }
}
