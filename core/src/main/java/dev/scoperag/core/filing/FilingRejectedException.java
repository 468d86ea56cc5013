package dev.scoperag.core.filing;

/** A filing that cannot be published, with a reason code a user can act on. */
public final class FilingRejectedException extends Exception {

    private final RejectReason reason;

    public FilingRejectedException(RejectReason reason, String detail) {
        super(detail);
        this.reason = reason;
    }

    public FilingRejectedException(RejectReason reason, String detail, Throwable cause) {
        super(detail, cause);
        this.reason = reason;
    }

    public RejectReason reason() {
        return reason;
    }

    public String detail() {
        return getMessage();
    }
}
