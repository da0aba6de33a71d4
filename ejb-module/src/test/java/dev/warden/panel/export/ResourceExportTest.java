package dev.warden.panel.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.warden.common.ApiException;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

/** CSV cells and the format parameter of the export. */
class ResourceExportTest {

    @Test
    void csvCellsAreQuotedOnlyWhenRfc4180NeedsIt() {
        assertEquals("plain", ResourceExport.csvCell("plain"));
        assertEquals("", ResourceExport.csvCell(""));
        assertEquals("\"a,b\"", ResourceExport.csvCell("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", ResourceExport.csvCell("say \"hi\""));
        assertEquals("\"two\nlines\"", ResourceExport.csvCell("two\nlines"));
        assertEquals("\"cr\r\"", ResourceExport.csvCell("cr\r"));
        assertEquals("\" padded \"", ResourceExport.csvCell(" padded "));
    }

    @Test
    void valuesBecomeTheirTextNullBecomesEmpty() {
        assertEquals("", ResourceExport.text(JsonValue.NULL));
        assertEquals("", ResourceExport.text(null));
        assertEquals("text", ResourceExport.text(Json.createValue("text")));
        assertEquals("42", ResourceExport.text(Json.createValue(42)));
        assertEquals("true", ResourceExport.text(JsonValue.TRUE));
        assertEquals(
                "{\"a\":1}",
                ResourceExport.text(Json.createObjectBuilder().add("a", 1).build()));
    }

    @Test
    void textCellsThatASpreadsheetReadsAsAFormulaGetALeadingQuote() {
        for (String formula : new String[] {"=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "=HYPERLINK(\"u\",\"c\")"}) {
            assertEquals("'" + formula, ResourceExport.spreadsheetSafe(Json.createValue(formula)), formula);
        }
        for (String text : new String[] {"plain", "", " =padded", "a=b", "'quoted", "1-2"}) {
            assertEquals(text, ResourceExport.spreadsheetSafe(Json.createValue(text)), text);
        }
        // numbers, booleans, null and JSON are not text: as they are
        assertEquals("-5", ResourceExport.spreadsheetSafe(Json.createValue(-5)));
        assertEquals("-1.5", ResourceExport.spreadsheetSafe(Json.createValue(-1.5)));
        assertEquals("", ResourceExport.spreadsheetSafe(JsonValue.NULL));
        assertEquals(
                "[\"=x\"]",
                ResourceExport.spreadsheetSafe(
                        Json.createArrayBuilder().add("=x").build()));
        // then quoted as RFC 4180 needs
        assertEquals("\"'=1,2\"", ResourceExport.csvCell(ResourceExport.spreadsheetSafe(Json.createValue("=1,2"))));
    }

    @Test
    void formatDefaultsToCsvAndRejectsOthers() {
        assertEquals(ExportFormat.CSV, ExportFormat.parse(null));
        assertEquals(ExportFormat.CSV, ExportFormat.parse(" CSV "));
        assertEquals(ExportFormat.NDJSON, ExportFormat.parse("ndjson"));
        ApiException e = assertThrows(ApiException.class, () -> ExportFormat.parse("xlsx"));
        assertEquals(422, e.status());
    }
}
