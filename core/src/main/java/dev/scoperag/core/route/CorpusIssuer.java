package dev.scoperag.core.route;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.scoperag.core.filing.Ticker;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One ticker of the corpus (in canonical spelling): its CIK, the company names its filings carry,
 * and the committed documents of each fiscal year (each year is one shard).
 *
 * @param cik null when no filing carried one; SEC's CIKs start at 1, so 0 or less is none
 */
public record CorpusIssuer(String ticker, Long cik, SortedSet<String> names, SortedMap<Integer, List<CatalogDocument>> years) {

    public CorpusIssuer {
        ticker = Ticker.canonical(ticker);
        cik = knownCik(cik);
        TreeSet<String> named = new TreeSet<>();
        if (names != null) {
            names.stream().filter(n -> n != null && !n.isBlank()).map(String::trim).forEach(named::add);
        }
        names = Collections.unmodifiableSortedSet(named);
        TreeMap<Integer, List<CatalogDocument>> copy = new TreeMap<>();
        if (years != null) {
            years.forEach((year, docs) -> {
                List<CatalogDocument> kept = docs == null ? List.of() : docs.stream().filter(Objects::nonNull).toList();
                if (year != null && !kept.isEmpty()) {
                    copy.put(year, kept);
                }
            });
        }
        years = Collections.unmodifiableSortedMap(copy);
    }

    static Long knownCik(Long cik) {
        return cik != null && cik > 0 ? cik : null;
    }

    /** This issuer with the document added, or replacing the one with the same id (a new version). */
    CorpusIssuer with(int fiscalYear, CatalogDocument doc, String company, Long newCik) {
        TreeSet<String> newNames = new TreeSet<>(names);
        if (company != null && !company.isBlank()) {
            newNames.add(company.trim());
        }
        TreeMap<Integer, List<CatalogDocument>> newYears = new TreeMap<>(years);
        List<CatalogDocument> docs = new ArrayList<>(newYears.getOrDefault(fiscalYear, List.of()));
        docs.removeIf(d -> Objects.equals(d.docId(), doc.docId()));
        docs.add(doc);
        newYears.put(fiscalYear, docs);
        return new CorpusIssuer(ticker, knownCik(newCik) != null ? newCik : cik, newNames, newYears);
    }

    /** This issuer and another entry of the same ticker as one: names and documents of both, the other's newer ones win. */
    CorpusIssuer mergedWith(CorpusIssuer other) {
        TreeSet<String> allNames = new TreeSet<>(names);
        allNames.addAll(other.names);
        TreeMap<Integer, List<CatalogDocument>> allYears = new TreeMap<>(years);
        other.years.forEach((year, docs) -> {
            List<CatalogDocument> merged = new ArrayList<>(allYears.getOrDefault(year, List.of()));
            for (CatalogDocument doc : docs) {
                merged.removeIf(d -> Objects.equals(d.docId(), doc.docId()));
                merged.add(doc);
            }
            allYears.put(year, merged);
        });
        return new CorpusIssuer(ticker, other.cik != null ? other.cik : cik, allNames, allYears);
    }

    /** This issuer without the document, or null when it has no document left. */
    CorpusIssuer without(int fiscalYear, String docId) {
        List<CatalogDocument> docs = years.get(fiscalYear);
        if (docs == null) {
            return this;
        }
        TreeMap<Integer, List<CatalogDocument>> newYears = new TreeMap<>(years);
        List<CatalogDocument> left = new ArrayList<>(docs);
        left.removeIf(d -> Objects.equals(d.docId(), docId));
        if (left.isEmpty()) {
            newYears.remove(fiscalYear);
        } else {
            newYears.put(fiscalYear, left);
        }
        return newYears.isEmpty() ? null : new CorpusIssuer(ticker, cik, names, newYears);
    }

    @JsonIgnore
    public SortedSet<Integer> fiscalYears() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(years.keySet()));
    }

    /** The latest fiscal year with a document of one of these forms (any form if empty), or null. */
    Integer latestYearWith(Set<String> forms) {
        for (Integer year : new TreeSet<>(years.keySet()).descendingSet()) {
            if (forms.isEmpty() || years.get(year).stream().anyMatch(d -> d.formType() != null && forms.contains(d.formType()))) {
                return year;
            }
        }
        return null;
    }

    /** The latest fiscal year with a document, or empty when none (a catalog holds no such issuer). */
    @JsonIgnore
    public OptionalInt latestYear() {
        return years.isEmpty() ? OptionalInt.empty() : OptionalInt.of(years.lastKey());
    }

    /** The first company name, for display. */
    @JsonIgnore
    public String displayName() {
        return names.isEmpty() ? ticker : names.first();
    }
}
