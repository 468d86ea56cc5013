package dev.scoperag.embedded;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How clients connect to an {@link EmbeddedKafka}: in plaintext (the default), over SASL_SSL with
 * SASL/PLAIN credentials, or over TLS with a client certificate the broker requires (mutual TLS).
 * It gives the broker its listener settings and a client the properties it needs to connect.
 */
public final class ClientListener {

    private final String securityProtocol;
    private final LoopbackTls tls;
    private final String username;
    private final String password;

    private ClientListener(String securityProtocol, LoopbackTls tls, String username, String password) {
        this.securityProtocol = securityProtocol;
        this.tls = tls;
        this.username = username;
        this.password = password;
    }

    /** No encryption, no authentication: what the embedded default and most tests use. */
    public static ClientListener plaintext() {
        return new ClientListener("PLAINTEXT", null, null, null);
    }

    /** TLS with the broker certificate of {@code tls}, and SASL/PLAIN with one user. */
    public static ClientListener saslSsl(LoopbackTls tls, String username, String password) {
        Objects.requireNonNull(tls, "tls");
        if (username == null || username.isBlank() || password == null || password.isBlank()
                || (username + password).contains("\"")) {
            throw new IllegalArgumentException("a SASL/PLAIN user needs a name and a password without quotes");
        }
        return new ClientListener("SASL_SSL", tls, username, password);
    }

    /** TLS on both sides: the broker refuses a client without a certificate it trusts. */
    public static ClientListener mutualTls(LoopbackTls tls) {
        return new ClientListener("SSL", Objects.requireNonNull(tls, "tls"), null, null);
    }

    /** {@code PLAINTEXT}, {@code SASL_SSL} or {@code SSL}. */
    public String securityProtocol() {
        return securityProtocol;
    }

    boolean isPlaintext() {
        return tls == null;
    }

    /** What a Kafka client needs, besides {@code bootstrap.servers}, to connect; empty for plaintext. */
    public Map<String, String> clientProperties() {
        Map<String, String> props = new LinkedHashMap<>();
        if (isPlaintext()) {
            return props;
        }
        props.put("security.protocol", securityProtocol);
        props.put("ssl.truststore.location", tls.trustStore().toString());
        props.put("ssl.truststore.password", tls.password());
        props.put("ssl.truststore.type", LoopbackTls.STORE_TYPE);
        if (username != null) {
            props.put("sasl.mechanism", "PLAIN");
            props.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
                    + username + "\" password=\"" + password + "\";");
        } else {
            props.put("ssl.keystore.location", tls.clientKeyStore().toString());
            props.put("ssl.keystore.password", tls.password());
            props.put("ssl.key.password", tls.password());
            props.put("ssl.keystore.type", LoopbackTls.STORE_TYPE);
        }
        return props;
    }

    /** The broker settings of this listener, under Kafka's {@code listener.name.<name>.} prefix. */
    Map<String, String> brokerConfigs(String listenerName) {
        Map<String, String> configs = new LinkedHashMap<>();
        if (isPlaintext()) {
            return configs;
        }
        String prefix = "listener.name." + listenerName.toLowerCase(java.util.Locale.ROOT) + ".";
        configs.put(prefix + "ssl.keystore.location", tls.brokerKeyStore().toString());
        configs.put(prefix + "ssl.keystore.password", tls.password());
        configs.put(prefix + "ssl.key.password", tls.password());
        configs.put(prefix + "ssl.keystore.type", LoopbackTls.STORE_TYPE);
        if (username != null) {
            configs.put(prefix + "sasl.enabled.mechanisms", "PLAIN");
            configs.put(prefix + "plain.sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required user_"
                    + username + "=\"" + password + "\";");
        } else {
            configs.put(prefix + "ssl.truststore.location", tls.trustStore().toString());
            configs.put(prefix + "ssl.truststore.password", tls.password());
            configs.put(prefix + "ssl.truststore.type", LoopbackTls.STORE_TYPE);
            configs.put(prefix + "ssl.client.auth", "required");
        }
        return configs;
    }

    @Override
    public String toString() {
        return "ClientListener[" + securityProtocol + (username == null ? "" : ", user " + username) + "]";
    }
}
