package dev.warden.auth;

import jakarta.ejb.Asynchronous;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.mail.Authenticator;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.PasswordAuthentication;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends the password-reset link by Jakarta Mail when SMTP is configured (docs/admin-api.md: "the link goes
 * out by Jakarta Mail when configured, else to the server log").
 *
 * <p>Configured by {@code warden.smtp.host} ({@code WARDEN_SMTP_HOST}; empty = no mail), {@code .port}
 * (587), {@code .user} and {@code .password} (SMTP AUTH when a user is set), {@code .from}
 * ({@code warden@localhost}), {@code .starttls} (true: STARTTLS when the server offers it) and
 * {@code .timeout-ms} (10000, for connect, read and write). Sending is asynchronous: the
 * {@code password-reset} endpoint answers 202 at once whatever the mail server does, so neither a slow
 * server nor the response time tells whether an account exists. A failed send is logged (without the
 * link) and never retried.
 */
@Stateless
public class ResetMailer {

    private static final Logger LOG = Logger.getLogger(ResetMailer.class.getName());

    @Inject
    @ConfigProperty(name = "warden.smtp.host")
    Optional<String> host;

    @Inject
    @ConfigProperty(name = "warden.smtp.port", defaultValue = "587")
    int port;

    @Inject
    @ConfigProperty(name = "warden.smtp.user")
    Optional<String> user;

    @Inject
    @ConfigProperty(name = "warden.smtp.password")
    Optional<String> password;

    @Inject
    @ConfigProperty(name = "warden.smtp.from", defaultValue = "warden@localhost")
    String from;

    @Inject
    @ConfigProperty(name = "warden.smtp.starttls", defaultValue = "true")
    boolean startTls;

    @Inject
    @ConfigProperty(name = "warden.smtp.timeout-ms", defaultValue = "10000")
    int timeoutMs;

    /** True when {@code warden.smtp.host} is set (not blank). */
    public boolean configured() {
        return host.filter(h -> !h.isBlank()).isPresent();
    }

    /**
     * Sends the reset link to {@code to} in the background (plain text, subject "Reset your Warden password").
     *
     * @param validHours how long the link is valid, for the message text
     */
    @Asynchronous
    public void sendResetLink(String to, String link, int validHours) {
        try {
            MimeMessage message = new MimeMessage(session());
            message.setFrom(new InternetAddress(from));
            message.setRecipients(Message.RecipientType.TO, InternetAddress.parse(to, false));
            message.setSubject("Reset your Warden password", "UTF-8");
            message.setSentDate(Date.from(Instant.now()));
            message.setText(
                    "Someone asked to reset the password of your Warden account.\n\n"
                            + "Open this link within " + validHours + " hour" + (validHours == 1 ? "" : "s")
                            + " to choose a new password (it works once):\n\n" + link + "\n\n"
                            + "If you did not ask for this, ignore this message; your password stays as it is.\n",
                    "UTF-8");
            Transport.send(message);
            LOG.info(() -> "Password reset link sent by mail to " + to + " via " + host.orElse("") + ":" + port);
        } catch (MessagingException | RuntimeException e) {
            LOG.log(
                    Level.WARNING,
                    "Password reset mail to " + to + " via " + host.orElse("") + ":" + port + " failed: "
                            + e.getMessage(),
                    e);
        }
    }

    private Session session() {
        Properties props = new Properties();
        props.put("mail.transport.protocol", "smtp");
        props.put("mail.smtp.host", host.orElseThrow());
        props.put("mail.smtp.port", String.valueOf(port));
        props.put("mail.smtp.starttls.enable", String.valueOf(startTls));
        props.put("mail.smtp.connectiontimeout", String.valueOf(timeoutMs));
        props.put("mail.smtp.timeout", String.valueOf(timeoutMs));
        props.put("mail.smtp.writetimeout", String.valueOf(timeoutMs));
        Optional<String> login = user.filter(u -> !u.isBlank());
        if (login.isEmpty()) {
            return Session.getInstance(props);
        }
        props.put("mail.smtp.auth", "true");
        return Session.getInstance(props, new Authenticator() {
            @Override
            protected PasswordAuthentication getPasswordAuthentication() {
                return new PasswordAuthentication(login.get(), password.orElse(""));
            }
        });
    }
}
