package dev.warden.auth.sso;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link SsoClaims#amrShowsFactor}: which {@code amr} values count as a second factor. */
class SsoClaimsTest {

    @Test
    void amrNamingAFactorCounts() {
        for (String amr : List.of("mfa", "hwk", "otp", "swk")) {
            assertTrue(SsoClaims.amrShowsFactor(Map.of("amr", List.of("pwd", amr))), amr);
        }
    }

    @Test
    void aPasswordAloneOrNoAmrDoesNot() {
        assertFalse(SsoClaims.amrShowsFactor(Map.of("amr", List.of("pwd"))));
        assertFalse(SsoClaims.amrShowsFactor(Map.of("amr", List.of("pwd", "kba"))));
        assertFalse(SsoClaims.amrShowsFactor(Map.of()));
    }
}
