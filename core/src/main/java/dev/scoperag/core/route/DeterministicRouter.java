package dev.scoperag.core.route;

import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.filing.Ticker;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Routes a question to shards using the catalog alone: issuers from tickers and names, fiscal
 * years from the wording, checked against the years each issuer has in the corpus. Deterministic,
 * no I/O, well under a millisecond per question once the catalog's indexes are built.
 *
 * <p>Confidence is the weakest issuer reading times the period factor.
 * Issuer readings: caller hint 1.0; exact ticker or whole company name 0.95; word-like ticker in
 * ticker context ("$V", "V's", "(NYSE: V)") 0.9; alias name, former ticker, a ticker reached
 * through the CIK, or a lower-case ticker 0.85; leading words of a name ("Kraft" for Kraft Heinz) or
 * a name a filing taught ("GeForce") 0.8; a lone upper-case word-like ticker, a lower-case ticker that is an English
 * word or two letters ("pep", "ko"), or a mid-size listing's English name ("lemonade") 0.7; one edit from a
 * corpus ticker or name word or a large listing's name ("MSTF", "nvdia", "appied materials"), when nothing
 * else names an issuer, 0.55 (below the
 * LLM fallback threshold) with method {@value Route#DETERMINISTIC_TYPO}. Period factor: every named
 * year present, or a named date matching a document, 1.0; "latest"/"most recent" 0.95; no year named, latest present year used 0.75; a named
 * year absent and the nearest present years used 0.55. So "3M FY2018" is 0.95, "Square FY2016"
 * 0.85, "3M" alone 0.71, and Pfizer 2019 in a corpus starting at 2020 0.52.
 */
public final class DeterministicRouter {

    static final double HINT = 1.0;

    /** How a routed year was chosen; the factor enters the confidence. */
    private enum YearBasis {
        NAMED(1.0), LATEST_ASKED(0.95), LATEST_BY_DEFAULT(0.75), NEAREST_PRESENT(0.55);

        final double factor;

        YearBasis(double factor) {
            this.factor = factor;
        }
    }

    private record RoutedYear(int year, YearBasis basis) {}

    /** An 8-K is filed within four business days of its event; a week covers the weekend. */
    private static final int DATE_TOLERANCE_DAYS = 7;

    /** A 10-K reports the balance sheet of the prior year and the income of the two prior years. */
    private static final int COMPARATIVE_YEARS = 2;

    private static final Set<String> ANNUAL_FORMS = Set.of(PeriodReader.FORM_10K, PeriodReader.FORM_10KA);

    /** The route of a question; total: whatever the question, hints and catalog hold, a route and never an exception. */
    public Route route(String question, RouteHints hints, Catalog known) {
        Catalog catalog = known == null ? new Catalog() : known;
        String text = question == null ? "" : question;
        RouteHints given = hints == null ? RouteHints.NONE : hints;
        PeriodMentions periods = PeriodReader.read(text);
        SortedSet<String> forms = given.forms().isEmpty() ? periods.forms() : PeriodReader.normalForms(given.forms());
        List<String> periodLabels = new ArrayList<>(given.periods());
        if (periodLabels.isEmpty()) {
            periodLabels.addAll(periods.quarters());
            periods.dates().forEach(d -> periodLabels.add(d.toString()));
        }

        IssuerReader reader = new IssuerReader(catalog);
        List<IssuerReader.Mention> mentions = given.tickers().isEmpty()
                ? reader.read(text)
                : hinted(given.tickers(), reader.resolver());
        boolean usedHints = !given.tickers().isEmpty() || !given.fiscalYears().isEmpty();
        boolean typo = mentions.stream().anyMatch(m -> m.score() == IssuerReader.TYPO);
        String method = usedHints ? Route.HINTS : typo ? Route.DETERMINISTIC_TYPO : Route.DETERMINISTIC;

        if (mentions.isEmpty()) {
            return Route.corpusWide(forms, periodLabels, "no issuer named: search the whole corpus");
        }
        List<Route.Issuer> issuers = new ArrayList<>();
        List<Route.Naming> namedBy = new ArrayList<>();
        mentions.forEach(m -> m.namedBy().forEach(n -> namedBy.add(
                new Route.Naming(m.issuer().ticker(), n.words(), n.how(), n.detail()))));
        double issuerScore = 1.0;
        double routableScore = 1.0;
        for (IssuerReader.Mention m : mentions) {
            issuers.add(m.issuer().toIssuer());
            issuerScore = Math.min(issuerScore, m.score());
            if (m.issuer().inCorpus()) {
                routableScore = Math.min(routableScore, m.score());
            }
        }
        List<IssuerReader.Mention> routable = mentions.stream().filter(m -> m.issuer().inCorpus()).toList();
        if (routable.isEmpty()) {
            String reason = abstainReason(mentions);
            return new Route(issuers, List.of(), forms, periodLabels, method, round(issuerScore), false, reason,
                    describeIssuers(mentions) + "; " + reason, namedBy);
        }

        List<List<Shard>> perIssuer = new ArrayList<>();
        double periodFactor = 1.0;
        StringBuilder years = new StringBuilder();
        for (IssuerReader.Mention m : routable) {
            List<RoutedYear> chosen = years(m.issuer(), periods, given, forms, catalog);
            List<Shard> shards = new ArrayList<>();
            for (RoutedYear y : chosen) {
                periodFactor = Math.min(periodFactor, y.basis().factor);
                for (String ticker : m.issuer().corpusTickers()) {
                    if (catalog.fiscalYears(ticker).contains(y.year())) {
                        shards.add(new Shard(ticker, y.year()));
                    }
                }
            }
            perIssuer.add(shards);
            years.append(years.length() == 0 ? "" : "; ").append(m.issuer().ticker()).append(' ').append(describeYears(chosen));
        }
        String explanation = describeIssuers(mentions) + "; years: " + years
                + (forms.isEmpty() ? "" : "; forms: " + String.join(",", forms))
                + (periodLabels.isEmpty() ? "" : "; periods: " + String.join(",", periodLabels));
        List<Shard> shards = interleave(perIssuer);
        if (shards.isEmpty()) {
            // Only a catalog whose issuers hold no year gets here: nothing to scope to, so search everything.
            return Route.corpusWide(forms, periodLabels, explanation + "; no shard present: search the whole corpus");
        }
        return new Route(issuers, shards, forms, periodLabels, method, round(routableScore * periodFactor),
                false, null, explanation, namedBy);
    }

    private static List<IssuerReader.Mention> hinted(List<String> tickers, IssuerResolver resolver) {
        Map<String, IssuerReader.Mention> byIssuer = new LinkedHashMap<>();
        for (String ticker : tickers) {
            IssuerIdentity issuer = resolver.byTicker(ticker)
                    .orElseGet(() -> new IssuerIdentity(null, Ticker.canonical(ticker), null, List.of()));
            byIssuer.putIfAbsent(issuer.key(), new IssuerReader.Mention(issuer, HINT, "hint", ticker, 0));
        }
        return new ArrayList<>(byIssuer.values());
    }

    /**
     * The fiscal years to search for one issuer, best first. Years named as fiscal years count
     * always; bare years ("in 2024") only when present or when no fiscal year is named.
     */
    private static List<RoutedYear> years(IssuerIdentity issuer, PeriodMentions periods, RouteHints hints,
            SortedSet<String> forms, Catalog catalog) {
        TreeSet<Integer> present = new TreeSet<>();
        List<CorpusIssuer> filers = new ArrayList<>();
        for (String ticker : issuer.corpusTickers()) {
            catalog.issuer(ticker).ifPresent(filer -> {
                filers.add(filer);
                present.addAll(filer.fiscalYears());
            });
        }
        if (present.isEmpty()) {
            return List.of();
        }
        Map<Integer, RoutedYear> chosen = new LinkedHashMap<>();
        TreeSet<Integer> wanted = new TreeSet<>();
        if (!hints.fiscalYears().isEmpty()) {
            wanted.addAll(hints.fiscalYears());
        } else {
            wanted.addAll(periods.fiscalYears());
            for (int year : periods.calendarYears()) {
                if (periods.fiscalYears().isEmpty() || present.contains(year)) {
                    wanted.add(year);
                }
            }
            for (LocalDate date : periods.dates()) {
                Integer filedIn = yearOfDocumentNear(date, filers);
                if (filedIn != null) {
                    chosen.putIfAbsent(filedIn, new RoutedYear(filedIn, YearBasis.NAMED));
                } else {
                    wanted.add(date.getYear());
                }
            }
        }
        if (hints.fiscalYears().isEmpty()) {
            wanted.addAll(periods.rangeYears().stream().filter(present::contains).toList());
        }
        for (int year : wanted.descendingSet()) {
            // An expectation for a year is stated in the filing of the year before: that one first.
            if (periods.expectedYears().contains(year) && present.contains(year - 1) && hints.fiscalYears().isEmpty()) {
                chosen.putIfAbsent(year - 1, new RoutedYear(year - 1, YearBasis.NAMED));
            }
        }
        for (int year : wanted.descendingSet()) {
            if (present.contains(year)) {
                chosen.putIfAbsent(year, new RoutedYear(year, YearBasis.NAMED));
            }
        }
        for (int year : wanted.descendingSet()) {
            if (!present.contains(year)) {
                for (int substitute : nearestPresent(year, present)) {
                    chosen.putIfAbsent(substitute, new RoutedYear(substitute, YearBasis.NEAREST_PRESENT));
                }
            }
        }
        if (chosen.isEmpty()) {
            YearBasis basis = periods.latest() ? YearBasis.LATEST_ASKED : YearBasis.LATEST_BY_DEFAULT;
            Integer latest = latestWith(forms, filers);
            if (latest == null) {
                latest = present.last();
            }
            chosen.put(latest, new RoutedYear(latest, basis));
            if (forms.isEmpty()) {
                // A later year may hold only a 10-Q; questions without a form usually need the annual report.
                Integer latestAnnual = latestWith(ANNUAL_FORMS, filers);
                if (latestAnnual != null) {
                    chosen.putIfAbsent(latestAnnual, new RoutedYear(latestAnnual, basis));
                }
            }
        }
        return new ArrayList<>(chosen.values());
    }

    /**
     * Years present that report an absent year: the next {@value #COMPARATIVE_YEARS} years' 10-Ks
     * carry it as a comparative; failing those, the closest year (the later one on a tie).
     */
    private static List<Integer> nearestPresent(int year, TreeSet<Integer> present) {
        // Distances in long: a hinted year may be any int.
        List<Integer> later = new ArrayList<>();
        for (Integer y = present.higher(year); y != null && (long) y - year <= COMPARATIVE_YEARS; y = present.higher(y)) {
            later.add(y);
        }
        if (!later.isEmpty()) {
            return later;
        }
        Integer below = present.lower(year);
        Integer above = present.higher(year);
        if (below == null) {
            return above == null ? List.of() : List.of(above);
        }
        if (above == null) {
            return List.of(below);
        }
        return List.of((long) above - year <= (long) year - below ? above : below);
    }

    private static Integer yearOfDocumentNear(LocalDate date, List<CorpusIssuer> filers) {
        Integer best = null;
        long bestDistance = Long.MAX_VALUE;
        for (CorpusIssuer filer : filers) {
            for (var year : filer.years().entrySet()) {
                for (CatalogDocument doc : year.getValue()) {
                    LocalDate period = isoDate(doc.period());
                    if (period == null) {
                        continue;
                    }
                    long distance = Math.abs(ChronoUnit.DAYS.between(date, period));
                    if (distance <= DATE_TOLERANCE_DAYS && distance < bestDistance) {
                        best = year.getKey();
                        bestDistance = distance;
                    }
                }
            }
        }
        return best;
    }

    private static LocalDate isoDate(String period) {
        if (period == null || period.length() != 10) {
            return null;
        }
        try {
            return LocalDate.parse(period);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static Integer latestWith(Set<String> forms, List<CorpusIssuer> filers) {
        Integer latest = null;
        for (CorpusIssuer filer : filers) {
            Integer year = filer.latestYearWith(forms);
            if (year != null && (latest == null || year > latest)) {
                latest = year;
            }
        }
        return latest;
    }

    /** The first shard of every issuer, then the second of every issuer, and so on. */
    private static List<Shard> interleave(List<List<Shard>> perIssuer) {
        List<Shard> out = new ArrayList<>();
        TreeSet<Shard> seen = new TreeSet<>();
        for (int round = 0; ; round++) {
            boolean any = false;
            for (List<Shard> shards : perIssuer) {
                if (round < shards.size()) {
                    any = true;
                    if (seen.add(shards.get(round))) {
                        out.add(shards.get(round));
                    }
                }
            }
            if (!any) {
                return out;
            }
        }
    }

    private static String abstainReason(List<IssuerReader.Mention> mentions) {
        List<String> known = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (IssuerReader.Mention m : mentions) {
            IssuerIdentity i = m.issuer();
            if (i.name() == null) {
                unknown.add(i.ticker());
            } else {
                known.add(i.name() + " (" + i.ticker() + ")");
            }
        }
        List<String> parts = new ArrayList<>();
        if (!known.isEmpty()) {
            boolean one = known.size() == 1;
            parts.add(String.join(", ", known) + (one ? " is" : " are") + " known but none of "
                    + (one ? "its" : "their") + " filings are in the corpus");
        }
        if (!unknown.isEmpty()) {
            parts.add("no list knows the ticker " + String.join(", ", unknown) + " and the corpus has no filings under it");
        }
        return "ISSUER_NOT_IN_CORPUS: " + String.join("; ", parts);
    }

    private static String describeIssuers(List<IssuerReader.Mention> mentions) {
        StringBuilder sb = new StringBuilder("issuers: ");
        for (int i = 0; i < mentions.size(); i++) {
            IssuerReader.Mention m = mentions.get(i);
            sb.append(i == 0 ? "" : ", ").append(m.issuer().ticker()).append(" by ");
            for (int k = 0; k < m.namedBy().size(); k++) {
                Route.Naming n = m.namedBy().get(k);
                sb.append(k == 0 ? "" : " and ").append(n.detail()).append(" '").append(n.words()).append("'");
            }
        }
        return sb.toString();
    }

    private static String describeYears(List<RoutedYear> years) {
        StringBuilder sb = new StringBuilder();
        for (RoutedYear y : years) {
            sb.append(sb.length() == 0 ? "" : ",").append(y.year());
            switch (y.basis()) {
                case NAMED:
                    break;
                case LATEST_ASKED:
                    sb.append(" (latest, as asked)");
                    break;
                case LATEST_BY_DEFAULT:
                    sb.append(" (latest present, none named)");
                    break;
                default:
                    sb.append(" (nearest present to a named year)");
            }
        }
        return sb.toString();
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
