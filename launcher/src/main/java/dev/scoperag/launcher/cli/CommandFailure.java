package dev.scoperag.launcher.cli;

/**
 * Why a command could not do what it was asked, with a reason code a user can act on and the
 * exit status it ends the process with.
 */
public final class CommandFailure extends RuntimeException {

    /** What went wrong, in terms of what the user can change. */
    public enum Reason {
        /** Unknown option, missing argument, or a value that does not parse. */
        USAGE(2),
        /** A job setting (a --config line, a -Dkey=value) that is malformed or unknown, or whose value does not parse or is out of range. */
        INVALID_SETTING(2),
        /** A path given on the command line does not exist or cannot be read. */
        PATH_NOT_FOUND(2),
        /** A file given is not something the command can use (not a filing, not a manifest). */
        UNSUPPORTED_INPUT(2),
        /** A filing given as a single file has no ticker or fiscal year and its path does not say. */
        MISSING_METADATA(2),
        /** No Kafka broker answered at the bootstrap servers. */
        BROKER_UNREACHABLE(3),
        /** A topic the command needs does not exist: the job that creates it has not run there. */
        TOPIC_MISSING(3),
        /** The query job did not answer within the timeout. */
        NO_ANSWER(4),
        /** Filings sent were still not published or rejected when nothing had moved for the idle timeout. */
        INGEST_TIMEOUT(4),
        /** The embedded broker's port is taken. */
        PORT_IN_USE(5),
        /** Another process runs the embedded stack on the same data directory. */
        DATA_DIR_IN_USE(5),
        /** The embedded broker or a job could not start, or a job failed. */
        STACK_FAILED(5);

        private final int exitStatus;

        Reason(int exitStatus) {
            this.exitStatus = exitStatus;
        }

        public int exitStatus() {
            return exitStatus;
        }
    }

    private final Reason reason;

    public CommandFailure(Reason reason, String message) {
        this(reason, message, null);
    }

    public CommandFailure(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    public static CommandFailure usage(String message) {
        return new CommandFailure(Reason.USAGE, message);
    }
}
