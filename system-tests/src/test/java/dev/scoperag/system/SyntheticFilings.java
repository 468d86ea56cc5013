package dev.scoperag.system;

import dev.scoperag.core.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A corpus of small inline 10-K and 10-Q filings of fictional companies, the same text on every run
 * (a fixed seed per filing), each a few chunks long, with one question per shard whose figure only
 * that shard holds; plus the two real filings shipped in the test resources.
 */
final class SyntheticFilings {

    /** A fictional issuer. */
    record Company(String ticker, long cik, String name) {}

    static final List<Company> COMPANIES = List.of(
            new Company("HLVB", 9_100_001L, "Halvorsen Biotech Inc."),
            new Company("QRNX", 9_100_002L, "Quornex Logistics Corp."),
            new Company("VTRM", 9_100_003L, "Vantremo Foods Inc."),
            new Company("ZEPH", 9_100_004L, "Zephyrline Aerospace Corp."),
            new Company("KWLD", 9_100_005L, "Kowaldt Mining Inc."),
            new Company("BRXT", 9_100_006L, "Brixtonel Software Corp."),
            new Company("OSMR", 9_100_007L, "Osmerant Textiles Inc."),
            new Company("PLYV", 9_100_008L, "Pelyvant Retail Corp."));

    static final List<Integer> YEARS = List.of(2021, 2022);

    private static final String[] TOPICS = {"supply chain", "foreign exchange", "cybersecurity", "labor markets", "interest rates",
            "raw material prices", "regulation", "competition", "climate", "litigation", "customer concentration", "tax law"};
    private static final String[] VERBS = {"could adversely affect", "may reduce", "might delay", "could increase the cost of",
            "may limit", "could disrupt"};
    private static final String[] OBJECTS = {"our margins", "our distribution network", "the demand for our products",
            "our capital expenditures", "our ability to hire", "our reported results", "our liquidity", "our growth plans"};

    private SyntheticFilings() {}

    /** Net revenues in millions: distinct for every company, year and form. */
    static int revenue(Company company, int year, String form) {
        int base = 1_000 + 137 * COMPANIES.indexOf(company) + 41 * (year - 2020);
        return form.equals("10-Q") ? base / 4 + 3 : base;
    }

    /** The text of a filing: about 5,500 characters (four chunks at 2,500/1,250). */
    static String text(Company company, int year, String form, int version) {
        Random random = new Random(company.cik() * 31 + year * 7L + form.hashCode());
        int revenue = revenue(company, year, form);
        String period = form.equals("10-Q") ? "the quarter ended June 30, " + year : "fiscal " + year;
        StringBuilder text = new StringBuilder();
        text.append(form.equals("10-Q") ? "PART I. FINANCIAL INFORMATION\n" : "ITEM 1. BUSINESS\n");
        text.append(company.name()).append(" (").append(company.ticker()).append(") files this ").append(form)
                .append(" report for ").append(period).append(". ");
        text.append("Our headquarters are in ").append(new String[] {"Denver", "Tulsa", "Boise", "Omaha", "Reno", "Akron"}[random.nextInt(6)])
                .append(" and we employed ").append(2_000 + random.nextInt(30_000)).append(" people at the end of the period.\n");
        text.append("ITEM 1A. RISK FACTORS\n");
        while (text.length() < 2_600) {
            text.append(riskSentence(random));
        }
        text.append("\nITEM 7. MANAGEMENT'S DISCUSSION AND ANALYSIS\n");
        text.append("Net revenues of ").append(company.name()).append(" were $").append(String.format("%,d", revenue))
                .append(" million in ").append(period).append(", compared with $").append(String.format("%,d", revenue - 17 - random.nextInt(40)))
                .append(" million a year earlier. Operating income was $").append(String.format("%,d", revenue / 6 + random.nextInt(20)))
                .append(" million.");
        if (version > 1) {
            text.append(" Restated in amendment ").append(version).append(": net revenues include a reclassification of $")
                    .append(version * 11).append(" million.");
        }
        text.append('\n');
        while (text.length() < 5_400) {
            text.append(riskSentence(random));
        }
        text.append("\nITEM 8. FINANCIAL STATEMENTS\nSee the consolidated statements of income of ").append(company.name()).append(".\n");
        return text.toString();
    }

    private static String riskSentence(Random random) {
        return "Changes in " + TOPICS[random.nextInt(TOPICS.length)] + " " + VERBS[random.nextInt(VERBS.length)] + " "
                + OBJECTS[random.nextInt(OBJECTS.length)] + ", as described in note " + (1 + random.nextInt(19)) + ". ";
    }

    /** The filings topic record of a synthetic filing, its text inline. */
    static String event(String eventId, Company company, int year, String form, int version) {
        Map<String, Object> event = header(eventId, company.ticker(), company.cik(), company.name(), year, form,
                form.equals("10-Q") ? year + "Q2" : null);
        event.put("content", Map.of("text", text(company, year, form, version)));
        return Json.toString(event);
    }

    /** The filings topic record of a file under the job's file root. */
    static String fileEvent(String eventId, String ticker, long cik, String name, int year, String form, String period, Path file) {
        Map<String, Object> event = header(eventId, ticker, cik, name, year, form, period);
        event.put("content", Map.of("uri", file.toUri().toString()));
        return Json.toString(event);
    }

    private static Map<String, Object> header(String eventId, String ticker, long cik, String name, int year, String form, String period) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("event_id", eventId);
        event.put("ticker", ticker);
        event.put("cik", cik);
        event.put("company", name);
        event.put("fiscal_year", year);
        event.put("form_type", form);
        if (period != null) {
            event.put("period", period);
        }
        return event;
    }

    /** The question a shard alone can answer. */
    static String revenueQuestion(Company company, int year) {
        return "What were " + company.name().replace(" Inc.", "").replace(" Corp.", "") + "'s net revenues in fiscal " + year + "?";
    }

    /** A question naming no company: routing resolves nothing, so it is searched corpus-wide. */
    static String corpusWideQuestion() {
        return "Which company reported net revenues of $" + String.format("%,d", revenue(COMPANIES.get(2), 2022, "10-K")) + " million?";
    }

    /** Every (company, year) pair of {@code companies} and {@link #YEARS}. */
    static List<Map.Entry<Company, Integer>> shards(List<Company> companies) {
        List<Map.Entry<Company, Integer>> shards = new ArrayList<>();
        for (Company c : companies) {
            for (int year : YEARS) {
                shards.add(Map.entry(c, year));
            }
        }
        return shards;
    }
}
