package dev.scoperag.core.fact;

import dev.scoperag.core.extract.ExtractedText;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;

/**
 * Reads the numeric facts an EDGAR filing tags with inline XBRL ({@code ix:nonFraction}), with their contexts
 * (period, explicit and typed dimensions) and units from the filing's {@code ix:resources}.
 *
 * <p>The value is the displayed figure transformed by its {@code format}, times {@code 10^scale}, negated when
 * {@code sign="-"}: the value the filer tagged, not the one printed ("(1,234)" in millions is -1234000000 only when
 * tagged so). A figure whose format this reader does not know is left out rather than guessed, and so is a nil fact.
 * A figure tagged several times (statement and note) is kept once; if two taggings of one concept and context
 * disagree, the more precise one wins, and equally precise disagreeing values are both kept, so that a calculator
 * sees the ambiguity.
 */
public final class InlineXbrlReader implements FactReader {

    private static final int MAX_LABEL_CHARS = 160;

    @Override
    public List<Fact> read(byte[] raw, ExtractedText text) {
        if (raw == null || !mentionsInlineXbrl(raw)) {
            return List.of();
        }
        Document doc;
        try {
            // Inline XBRL documents are XHTML: the XML parser keeps the case of ix: names and attributes.
            doc = Jsoup.parse(new ByteArrayInputStream(raw), null, "", Parser.xmlParser());
        } catch (IOException e) {
            return List.of();
        }
        Map<String, Context> contexts = new HashMap<>();
        Map<String, String> units = new HashMap<>();
        List<Element> numbers = new ArrayList<>();
        for (Element element : doc.getAllElements()) {
            switch (localName(element)) {
                case "context" -> readContext(element).ifPresent(c -> contexts.put(c.id, c));
                case "unit" -> units.put(element.attr("id"), unitOf(element));
                case "nonfraction" -> numbers.add(element);
                default -> { }
            }
        }
        Map<String, Fact> byTagging = new LinkedHashMap<>();
        for (Element number : numbers) {
            factOf(number, contexts, units).ifPresent(fact -> keepMostPrecise(byTagging, fact));
        }
        return List.copyOf(byTagging.values());
    }

    private static boolean mentionsInlineXbrl(byte[] raw) {
        // Cheap test before a full parse: tags are ASCII in any charset EDGAR accepts.
        return new String(raw, StandardCharsets.ISO_8859_1).contains("nonFraction");
    }

    private static void keepMostPrecise(Map<String, Fact> byTagging, Fact fact) {
        String key = fact.concept() + '\u0000' + fact.source().context() + '\u0000' + fact.unit();
        Fact seen = byTagging.get(key);
        if (seen == null) {
            byTagging.put(key, fact);
        } else if (seen.value().compareTo(fact.value()) != 0) {
            int order = Integer.compare(precision(fact), precision(seen));
            if (order > 0) {
                byTagging.put(key, fact);
            } else if (order == 0) {
                byTagging.put(key + '\u0000' + fact.value().toPlainString(), fact);
            }
        }
    }

    private static int precision(Fact fact) {
        return fact.decimals() == null ? Integer.MAX_VALUE : fact.decimals();
    }

    private static Optional<Fact> factOf(Element number, Map<String, Context> contexts, Map<String, String> units) {
        if ("true".equalsIgnoreCase(attr(number, "xsi:nil", "nil"))) {
            return Optional.empty();
        }
        String concept = number.attr("name").trim();
        Context context = contexts.get(attr(number, "contextRef", "contextref"));
        String unit = units.get(attr(number, "unitRef", "unitref"));
        if (concept.isEmpty() || context == null || unit == null) {
            return Optional.empty();
        }
        Optional<BigDecimal> shown = IxTransform.apply(number.attr("format"), number.text());
        if (shown.isEmpty()) {
            return Optional.empty();
        }
        BigDecimal value;
        try {
            String scale = number.attr("scale").trim();
            value = shown.get().scaleByPowerOfTen(scale.isEmpty() ? 0 : Integer.parseInt(scale));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if ("-".equals(number.attr("sign").trim())) {
            value = value.negate();
        }
        return Optional.of(new Fact(concept, labelOf(number, concept), context.period, context.dimensions, unit,
                plain(value), decimalsOf(number.attr("decimals")), Fact.Source.xbrl(context.id)));
    }

    /** A value written without exponent, so that it reads the same in JSON and in an answer. */
    static BigDecimal plain(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    private static Integer decimalsOf(String decimals) {
        try {
            return decimals.isBlank() || "INF".equalsIgnoreCase(decimals.trim()) ? null : Integer.valueOf(decimals.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The row label of the table cell a figure sits in ("Total net sales"), else the concept's local name. */
    private static String labelOf(Element number, String concept) {
        Element row = number.closest("tr");
        if (row != null) {
            for (Element cell : row.children()) {
                String cellText = cell.text().trim();
                if (cellText.chars().anyMatch(Character::isLetter)) {
                    return cellText.length() > MAX_LABEL_CHARS ? cellText.substring(0, MAX_LABEL_CHARS) : cellText;
                }
            }
        }
        int colon = concept.indexOf(':');
        return colon < 0 ? concept : concept.substring(colon + 1);
    }

    private static Optional<Context> readContext(Element context) {
        LocalDate start = null;
        LocalDate end = null;
        LocalDate instant = null;
        Map<String, String> dimensions = new TreeMap<>();
        try {
            for (Element part : context.getAllElements()) {
                switch (localName(part)) {
                    case "startdate" -> start = date(part.text());
                    case "enddate" -> end = date(part.text());
                    case "instant" -> instant = date(part.text());
                    case "explicitmember" -> dimensions.put(part.attr("dimension").trim(), part.text().trim());
                    case "typedmember" -> dimensions.put(part.attr("dimension").trim(), part.text().trim());
                    default -> { }
                }
            }
            Fact.Period period = instant != null ? Fact.Period.instant(instant)
                    : start != null && end != null ? Fact.Period.duration(start, end) : null;
            return period == null ? Optional.empty()
                    : Optional.of(new Context(context.attr("id"), period, Map.copyOf(dimensions)));
        } catch (DateTimeParseException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static LocalDate date(String text) {
        String date = text.trim();
        // A dateTime keeps its date; XBRL end dates without a time already mean the end of that day.
        return LocalDate.parse(date.length() > 10 ? date.substring(0, 10) : date);
    }

    private static String unitOf(Element unit) {
        List<String> numerator = new ArrayList<>();
        List<String> denominator = new ArrayList<>();
        for (Element part : unit.getAllElements()) {
            if (!localName(part).equals("measure")) {
                continue;
            }
            boolean below = part.parents().stream().anyMatch(p -> localName(p).equals("unitdenominator"));
            (below ? denominator : numerator).add(measure(part.text()));
        }
        String top = String.join("*", numerator);
        return denominator.isEmpty() ? top : top + "/" + String.join("*", denominator);
    }

    private static String measure(String qname) {
        String trimmed = qname.trim();
        int colon = trimmed.indexOf(':');
        return colon < 0 ? trimmed : trimmed.substring(colon + 1);
    }

    private static String attr(Element element, String name, String lowerName) {
        String value = element.attr(name);
        return (value.isEmpty() ? element.attr(lowerName) : value).trim();
    }

    private static String localName(Element element) {
        String name = element.tagName();
        int colon = name.indexOf(':');
        return (colon < 0 ? name : name.substring(colon + 1)).toLowerCase(Locale.ROOT);
    }

    private record Context(String id, Fact.Period period, Map<String, String> dimensions) {}
}
