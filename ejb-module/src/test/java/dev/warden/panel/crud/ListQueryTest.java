package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.common.ApiException;
import dev.warden.panel.extension.SortOrder;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceDef.Sort;
import dev.warden.panel.registry.TestResources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests for {@link ListQuery#parse}: window defaults and limits, sort lists, tie-breakers, errors. */
class ListQueryTest {

    private static final ResourceDef USERS = TestResources.users();
    private static final ResourceDef ENTRIES = TestResources.leaderboardEntries();

    /** Query parameters from name/value pairs; a repeated name gives several values. */
    private static Map<String, List<String>> params(String... namesAndValues) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            out.computeIfAbsent(namesAndValues[i], k -> new ArrayList<>()).add(namesAndValues[i + 1]);
        }
        return out;
    }

    private static ListQuery parse(ResourceDef resource, String... namesAndValues) {
        return ListQuery.parse(params(namesAndValues), resource);
    }

    private static ApiException invalid(ResourceDef resource, String field, String... namesAndValues) {
        ApiException e = assertThrows(ApiException.class, () -> parse(resource, namesAndValues));
        assertEquals(422, e.status());
        assertEquals("invalid_request", e.code());
        assertEquals(Set.of(field), e.fields().keySet(), "fields of: " + e.getMessage());
        assertEquals(1, e.fields().get(field).size());
        assertTrue(e.getMessage().startsWith("Invalid " + field + ": "), e.getMessage());
        return e;
    }

    private static Sort asc(String field) {
        return new Sort(field, SortOrder.ASC);
    }

    private static Sort desc(String field) {
        return new Sort(field, SortOrder.DESC);
    }

    // --- window ---------------------------------------------------------------------------------------

    @Test
    void noParametersGiveTheFirstHundredRows() {
        ListQuery q = parse(USERS);
        assertEquals(0, q.start());
        assertEquals(100, q.end());
        assertEquals(100, q.limit());
        assertEquals(ListQuery.DEFAULT_WINDOW, q.limit());
    }

    @Test
    void endDefaultsToStartPlusHundred() {
        ListQuery q = parse(USERS, "_start", "250");
        assertEquals(250, q.start());
        assertEquals(350, q.end());
        assertEquals(100, q.limit());
    }

    @Test
    void explicitStartAndEndAreKept() {
        ListQuery q = parse(USERS, "_start", "10", "_end", "35");
        assertEquals(10, q.start());
        assertEquals(35, q.end());
        assertEquals(25, q.limit());
    }

    @Test
    void endAloneStartsAtZero() {
        ListQuery q = parse(USERS, "_end", "10");
        assertEquals(0, q.start());
        assertEquals(10, q.end());
    }

    @Test
    void emptyWindowIsAllowed() {
        ListQuery q = parse(USERS, "_start", "5", "_end", "5");
        assertEquals(0, q.limit());
    }

    @Test
    void blankNumbersFallBackToDefaults() {
        ListQuery q = parse(USERS, "_start", "", "_end", "  ");
        assertEquals(0, q.start());
        assertEquals(100, q.end());
    }

    @Test
    void numbersAreTrimmed() {
        ListQuery q = parse(USERS, "_start", " 20 ", "_end", "\t40 ");
        assertEquals(20, q.start());
        assertEquals(40, q.end());
    }

    @Test
    void windowOfExactlyThousandRowsIsAllowed() {
        ListQuery q = parse(USERS, "_start", "500", "_end", "1500");
        assertEquals(ListQuery.MAX_WINDOW, q.limit());
    }

    @Test
    void windowOverThousandRowsNamesEnd() {
        ApiException e = invalid(USERS, "_end", "_start", "0", "_end", "1001");
        assertTrue(e.fields().get("_end").get(0).contains("1000"), e.fields().toString());
    }

    @Test
    void windowOverThousandRowsFromOffsetNamesEnd() {
        invalid(USERS, "_end", "_start", "100", "_end", "1101");
    }

    @Test
    void endBeforeStartNamesEnd() {
        ApiException e = invalid(USERS, "_end", "_start", "50", "_end", "10");
        assertTrue(e.fields().get("_end").get(0).contains("_start"), e.fields().toString());
    }

    @Test
    void negativeStartNamesStart() {
        ApiException e = invalid(USERS, "_start", "_start", "-1");
        assertEquals(List.of("must be 0 or more"), e.fields().get("_start"));
    }

    @Test
    void negativeEndNamesEnd() {
        ApiException e = invalid(USERS, "_end", "_end", "-5");
        assertEquals(List.of("must be 0 or more"), e.fields().get("_end"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "1.5", "1e3", "0x10", "99999999999", "+-1", "10rows"})
    void nonNumericStartNamesStart(String value) {
        ApiException e = invalid(USERS, "_start", "_start", value);
        assertTrue(
                e.fields().get("_start").get(0).contains("'" + value + "'"),
                e.fields().toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "2.0", "ten"})
    void nonNumericEndNamesEnd(String value) {
        ApiException e = invalid(USERS, "_end", "_end", value);
        assertTrue(
                e.fields().get("_end").get(0).contains("whole number"),
                e.fields().toString());
    }

    @Test
    void startGivenTwiceNamesStart() {
        invalid(USERS, "_start", "_start", "1", "_start", "2");
    }

    @Test
    void endGivenTwiceNamesEnd() {
        invalid(USERS, "_end", "_end", "10", "_end", "20");
    }

    @Test
    void hugeStartWithoutEndIsNotBlamedOnEnd() {
        try {
            ListQuery q = parse(USERS, "_start", Integer.toString(Integer.MAX_VALUE));
            assertTrue(q.end() >= q.start(), "end " + q.end() + " before start " + q.start());
        } catch (ApiException e) {
            assertEquals(422, e.status());
            assertEquals(Set.of("_start"), e.fields().keySet(), e.getMessage());
        }
    }

    // --- default sort and tie-breakers ----------------------------------------------------------------

    @Test
    void withoutSortTheDefaultSortApplies() {
        assertEquals(List.of(desc("id")), parse(USERS).sort());
    }

    @Test
    void defaultSortOnAnotherColumnGetsThePrimaryKeyAsTieBreaker() {
        ResourceDef byEmail = TestResources.users(asc("email"));
        assertEquals(List.of(asc("email"), asc("id")), parse(byEmail).sort());
    }

    @Test
    void compositeDefaultSortGetsEveryKeyColumnInOrder() {
        assertEquals(
                List.of(desc("score"), asc("leaderboard_id"), asc("user_id")),
                parse(ENTRIES).sort());
    }

    @Test
    void orderWithoutSortAppliesToTheDefaultSortField() {
        assertEquals(List.of(asc("id")), parse(USERS, "_order", "asc").sort());
        assertEquals(
                List.of(asc("score"), asc("leaderboard_id"), asc("user_id")),
                parse(ENTRIES, "_order", "ASC").sort());
    }

    @Test
    void twoOrdersWithoutSortNameOrder() {
        invalid(USERS, "_order", "_order", "asc,desc");
    }

    @Test
    void badOrderWithoutSortNamesOrder() {
        invalid(USERS, "_order", "_order", "sideways");
    }

    // --- _sort / _order -------------------------------------------------------------------------------

    @Test
    void sortWithoutOrderIsAscendingWithKeyTieBreaker() {
        assertEquals(
                List.of(asc("email"), asc("id")), parse(USERS, "_sort", "email").sort());
    }

    @Test
    void sortAndOrderPairUp() {
        assertEquals(
                List.of(desc("email"), asc("id")),
                parse(USERS, "_sort", "email", "_order", "desc").sort());
    }

    @Test
    void commaListsPairUpByPosition() {
        ListQuery q = parse(USERS, "_sort", "created_at,email", "_order", "desc,asc");
        assertEquals(List.of(desc("created_at"), asc("email"), asc("id")), q.sort());
    }

    @Test
    void missingTrailingOrdersAreAscending() {
        ListQuery q = parse(USERS, "_sort", "created_at,email,display_name", "_order", "desc");
        assertEquals(List.of(desc("created_at"), asc("email"), asc("display_name"), asc("id")), q.sort());
    }

    @Test
    void repeatedParametersAreConcatenated() {
        ListQuery q = parse(USERS, "_sort", "created_at", "_sort", "email", "_order", "desc", "_order", "desc");
        assertEquals(List.of(desc("created_at"), desc("email"), asc("id")), q.sort());
    }

    @Test
    void listPartsAreTrimmedAndEmptyPartsSkipped() {
        ListQuery q = parse(USERS, "_sort", " email ,, created_at ,", "_order", " DESC , Asc ");
        assertEquals(List.of(desc("email"), asc("created_at"), asc("id")), q.sort());
    }

    @ParameterizedTest
    @ValueSource(strings = {"asc", "ASC", "Asc", " asc "})
    void ascendingOrderIsCaseInsensitive(String order) {
        assertEquals(
                asc("email"),
                parse(USERS, "_sort", "email", "_order", order).sort().get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"desc", "DESC", "Desc", "dEsC"})
    void descendingOrderIsCaseInsensitive(String order) {
        assertEquals(
                desc("email"),
                parse(USERS, "_sort", "email", "_order", order).sort().get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"up", "descending", "1", "-", "asc desc"})
    void unknownOrderNamesOrder(String order) {
        ApiException e = invalid(USERS, "_order", "_sort", "email", "_order", order);
        assertTrue(
                e.fields().get("_order").get(0).contains("asc or desc"),
                e.fields().toString());
    }

    @Test
    void moreOrdersThanSortColumnsNamesOrder() {
        invalid(USERS, "_order", "_sort", "email", "_order", "asc,desc");
    }

    @Test
    void unknownSortColumnNamesSortAndTheColumn() {
        ApiException e = invalid(USERS, "_sort", "_sort", "password_hash");
        assertTrue(
                e.fields().get("_sort").get(0).contains("'password_hash'"),
                e.fields().toString());
        assertTrue(e.getMessage().contains("password_hash"), e.getMessage());
    }

    @Test
    void unknownColumnLaterInTheListNamesSort() {
        ApiException e = invalid(USERS, "_sort", "_sort", "email,nope");
        assertTrue(e.fields().get("_sort").get(0).contains("'nope'"), e.fields().toString());
    }

    @Test
    void sortColumnNamesAreCaseSensitive() {
        invalid(USERS, "_sort", "_sort", "Email");
    }

    @Test
    void sortingByTheKeyDoesNotAddItTwice() {
        assertEquals(List.of(asc("id")), parse(USERS, "_sort", "id").sort());
        assertEquals(
                List.of(desc("id")),
                parse(USERS, "_sort", "id", "_order", "desc").sort());
    }

    @Test
    void keyColumnFirstThenOtherColumnKeepsUserOrder() {
        ListQuery q = parse(USERS, "_sort", "id,email", "_order", "desc,desc");
        assertEquals(List.of(desc("id"), desc("email")), q.sort());
    }

    @Test
    void duplicateSortColumnKeepsTheFirstOrder() {
        ListQuery q = parse(USERS, "_sort", "email,email", "_order", "desc,asc");
        assertEquals(List.of(desc("email"), asc("id")), q.sort());
    }

    @Test
    void compositeKeyTieBreakersSkipKeyColumnsAlreadySorted() {
        ListQuery q = parse(ENTRIES, "_sort", "user_id", "_order", "desc");
        assertEquals(List.of(desc("user_id"), asc("leaderboard_id")), q.sort());
    }

    @Test
    void compositeKeyTieBreakersFollowNonKeySort() {
        ListQuery q = parse(ENTRIES, "_sort", "score");
        assertEquals(List.of(asc("score"), asc("leaderboard_id"), asc("user_id")), q.sort());
    }

    @Test
    void sortListIsImmutable() {
        List<Sort> sort = parse(USERS, "_sort", "email").sort();
        assertThrows(UnsupportedOperationException.class, () -> sort.add(asc("created_at")));
    }

    @Test
    void windowIsCheckedBeforeSort() {
        invalid(USERS, "_end", "_end", "5000", "_sort", "nope");
    }

    // --- count ----------------------------------------------------------------------------------------

    @Test
    void withoutCountTheTotalIsAuto() {
        assertEquals(ListQuery.Count.AUTO, parse(USERS).count());
        assertEquals(ListQuery.Count.AUTO, parse(USERS, "_count", " ").count());
    }

    @Test
    void countKindsAreReadIgnoringCase() {
        assertEquals(ListQuery.Count.EXACT, parse(USERS, "_count", "Exact").count());
        assertEquals(
                ListQuery.Count.ESTIMATED, parse(USERS, "_count", "estimated").count());
        assertEquals(ListQuery.Count.AUTO, parse(USERS, "_count", "auto").count());
        assertTrue(parse(USERS, "_count", "exact").filters().isEmpty(), "_count is no filter");
    }

    @Test
    void anUnknownOrRepeatedCountNamesCount() {
        invalid(USERS, "_count", "_count", "planned");
        invalid(USERS, "_count", "_count", "exact", "_count", "exact");
    }
}
