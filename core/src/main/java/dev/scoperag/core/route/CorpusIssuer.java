package dev.scoperag.core.route;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One ticker of the corpus as filed: its CIK, the company names its filings carry, and the
 * committed documents of each fiscal year (each year is one shard).
 */
public record CorpusIssuer(String ticker, Long cik, SortedSet<String> names, SortedMap<Integer, List<CatalogDocument>> years) {

    public CorpusIssuer {
        names = Collections.unmodifiableSortedSet(new TreeSet<>(names == null ? Set.of() : names));
        TreeMap<Integer, List<CatalogDocument>> copy = new TreeMap<>();
        if (years != null) {
            years.forEach((year, docs) -> copy.put(year, List.copyOf(docs)));
        }
        years = Collections.unmodifiableSortedMap(copy);
    }

    /** This issuer with the document added, or replacing the one with the same id (a new version). */
    CorpusIssuer with(int fiscalYear, CatalogDocument doc, String company, Long newCik) {
        TreeSet<String> newNames = new TreeSet<>(names);
        if (company != null && !company.isBlank()) {
            newNames.add(company.trim());
        }
        TreeMap<Integer, List<CatalogDocument>> newYears = new TreeMap<>(years);
        List<CatalogDocument> docs = new ArrayList<>(newYears.getOrDefault(fiscalYear, List.of()));
        docs.removeIf(d -> d.docId().equals(doc.docId()));
        docs.add(doc);
        newYears.put(fiscalYear, docs);
        return new CorpusIssuer(ticker, newCik != null ? newCik : cik, newNames, newYears);
    }

    /** This issuer without the document, or null when it has no document left. */
    CorpusIssuer without(int fiscalYear, String docId) {
        List<CatalogDocument> docs = years.get(fiscalYear);
        if (docs == null) {
            return this;
        }
        TreeMap<Integer, List<CatalogDocument>> newYears = new TreeMap<>(years);
        List<CatalogDocument> left = new ArrayList<>(docs);
        left.removeIf(d -> d.docId().equals(docId));
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
            if (forms.isEmpty() || years.get(year).stream().anyMatch(d -> forms.contains(d.formType()))) {
                return year;
            }
        }
        return null;
    }

    /** The first company name, for display. */
    @JsonIgnore
    public String displayName() {
        return names.isEmpty() ? ticker : names.first();
    }
}
