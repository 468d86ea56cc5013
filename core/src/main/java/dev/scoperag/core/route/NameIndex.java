package dev.scoperag.core.route;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Company names keyed by their normalised word n-grams, so a question is matched by a few hash
 * look-ups per word instead of a scan of every title.
 */
final class NameIndex {

    /** One name a key stands for: the ticker it was listed under, its CIK if known, and its rank in its list. */
    record Entry(String ticker, Long cik, String name, int rank) {}

    /** What a phrase matched: whole names first; leading words of longer names only when no whole name matches. */
    record Hit(List<Entry> entries, boolean exact) {}

    private final Map<String, List<Entry>> exact = new HashMap<>();
    private final Map<String, List<Entry>> prefix = new HashMap<>();
    private final Map<String, List<Entry>> leadsOfCommonWords = new HashMap<>();
    private final boolean leadingWords;

    /** The longest phrase worth looking up, in words ("American Water Works Company" is four). */
    static final int MAX_WORDS = 6;

    /**
     * @param leadingWords whether the leading words of a longer name are keys too ("Kraft" for Kraft
     *     Heinz, "MGM Resorts" for MGM Resorts International): right for the few dozen corpus issuers,
     *     too loose for 10,000 directory titles ("Asia Pacific" would be Asia Pacific Wire & Cable,
     *     "Silicon Valley" an acquisition shell)
     */
    NameIndex(boolean leadingWords) {
        this.leadingWords = leadingWords;
    }

    /** A word that stands for the name as its leading words do ("costco" for Costco Wholesale); the caller says it is distinctive. */
    void addLeadingWord(String word, String ticker, Long cik, String name, int rank) {
        put(prefix, word, new Entry(ticker, cik, name, rank));
    }

    /** The name under a shorter phrase of its words ("star gas" of Star Gas Partners, L.P.), exactly as written. */
    void addShortened(String phrase, String ticker, Long cik, String name, int rank) {
        put(exact, phrase, new Entry(ticker, cik, name, rank));
    }

    /** The name as {@link #add} indexes it, without its leading words as keys. */
    void addWhole(String name, String ticker, Long cik, int rank) {
        add(name, ticker, cik, rank, false);
    }

    void add(String name, String ticker, Long cik, int rank) {
        add(name, ticker, cik, rank, leadingWords);
    }

    private void add(String name, String ticker, Long cik, int rank, boolean withLeadingWords) {
        List<String> words = NameTokens.nameWords(name);
        if (words.isEmpty()) {
            return;
        }
        Entry entry = new Entry(ticker, cik, name, rank);
        List<String> stripped = NameTokens.stripSuffixes(words);
        put(exact, NameTokens.joined(stripped), entry);
        put(exact, NameTokens.concatenated(stripped), entry);
        if (stripped.size() > 1 && !NameTokens.writtenOut(stripped).equals(stripped)) {
            // the reader writes out a word a name of words cuts short: "INTL FCStone" is read as "international fcstone"
            put(exact, NameTokens.joined(NameTokens.writtenOut(stripped)), entry);
        }
        put(exact, NameTokens.joined(words), entry);
        put(exact, NameTokens.concatenated(words), entry);
        for (int k = stripped.size() + 1; k < words.size(); k++) {
            // The name with the first of two legal-form words: "cooper companies" of COOPER COMPANIES, INC.
            put(exact, NameTokens.joined(words.subList(0, k)), entry);
        }
        for (int k = stripped.size(); k < words.size(); k++) {
            String spelled = Vocabulary.SUFFIX_SPELLINGS.get(words.get(k));
            if (spelled != null) {
                // "southern company" for SOUTHERN CO, "travelers cos" for TRAVELERS COMPANIES, INC.
                List<String> other = new ArrayList<>(words.subList(0, k));
                other.add(spelled);
                put(exact, NameTokens.joined(other), entry);
            }
        }
        String holding = stripped.get(stripped.size() - 1);
        if (stripped.size() >= 2 && BANK_HOLDING_WORDS.contains(holding)
                && stripped.subList(0, stripped.size() - 1).stream().anyMatch(NameIndex::distinctive)) {
            // A bank's holding company is named for its bank: "timberland bank" is Timberland Bancorp's, "hanover bank"
            // Hanover Bancorp's
            List<String> bank = new ArrayList<>(stripped.subList(0, stripped.size() - 1));
            bank.add("bank");
            put(exact, NameTokens.joined(bank), entry);
        }
        List<String> unjoined = withoutConnectors(stripped);
        if (unjoined.size() >= 2 && unjoined.size() < stripped.size()) {
            // Typed without its connector: "procter gamble", "johnson johnson", "bed bath beyond".
            put(exact, NameTokens.joined(unjoined), entry);
        }
        for (int k = 1; withLeadingWords && k < stripped.size(); k++) {
            List<String> lead = stripped.subList(0, k);
            String last = lead.get(k - 1);
            if (last.equals("and") || last.equals("of") || last.equals("the") || last.equals("for")) {
                continue;
            }
            if (k == 1 && !ofItsOwn(last)) {
                continue;
            }
            if (lead.stream().noneMatch(NameIndex::ofItsOwn)) {
                if (k >= 2 && lead.stream().allMatch(w -> w.length() >= 3)) {
                    // read only as typed with a word cut short: see leadOfCommonWords
                    put(leadsOfCommonWords, NameTokens.joined(lead), entry);
                }
                continue; // "S&P" is not a name's lead: "s and p" has no word of its own
            }
            put(prefix, NameTokens.joined(lead), entry);
            put(prefix, NameTokens.concatenated(lead), entry);
        }
    }

    /** The last word of a bank holding company's name, where its bank's name has "Bank". */
    private static final Set<String> BANK_HOLDING_WORDS = Set.of("bancorp", "bancorporation", "bancshares", "bankshares");

    /** The words of a name without its inner "and"s (the "&" of "Procter & Gamble"). */
    static List<String> withoutConnectors(List<String> words) {
        List<String> kept = new ArrayList<>(words.size());
        for (int k = 0; k < words.size(); k++) {
            if (!(words.get(k).equals("and") && k > 0 && k < words.size() - 1)) {
                kept.add(words.get(k));
            }
        }
        return kept;
    }

    /**
     * A word of a letter and a figure ("i3" of i3 Verticals) is no word of English either, though too short for {@link
     * #distinctive}: it leads a corpus issuer's name as a word of its own does. (A period, "q3" or "h1", is read as one first.)
     */
    static boolean letterAndFigure(String word) {
        return word.length() == 2 && Character.isLetter(word.charAt(0)) && Character.isDigit(word.charAt(1));
    }

    /** A word that leads a name as its own: {@link #distinctive}, or a letter and a figure. */
    private static boolean ofItsOwn(String word) {
        return distinctive(word) || letterAndFigure(word);
    }

    /** One word alone may stand for a company only if it is not an everyday or generic word. */
    static boolean distinctive(String word) {
        return word.length() >= 3 && !Vocabulary.isGenericNameWord(word) && !Vocabulary.isCommonWord(word);
    }

    private static void put(Map<String, List<Entry>> map, String key, Entry entry) {
        if (key.isEmpty()) {
            return;
        }
        List<Entry> list = map.computeIfAbsent(key, k -> new ArrayList<>(1));
        for (Entry e : list) {
            if (Objects.equals(e.ticker(), entry.ticker()) && Objects.equals(e.cik(), entry.cik())) {
                return;
            }
        }
        list.add(entry);
    }

    /** Every name indexed, once each: the spelling given and whom it names. */
    Set<Entry> entries() {
        Set<Entry> all = new LinkedHashSet<>();
        exact.values().forEach(all::addAll);
        return all;
    }

    /**
     * The names whose leading words, two or more and none of them a word of its own, are the phrase: "northern
     * technologies" of Northern Technologies International, "universal technical" of Universal Technical Institute. Such
     * words are English as often as a name ("northern technologies hubs"), so they are no key of {@link #lookup}; typed with
     * a word cut short ("northern tech", "universal tech"), they are written as names are.
     */
    List<Entry> leadOfCommonWords(String joined) {
        return leadsOfCommonWords.getOrDefault(joined, List.of());
    }

    /** The names a phrase (already normalised, space-joined, and concatenated) stands for, or null. */
    Hit lookup(String joined, String concatenated) {
        List<Entry> hit = exact.get(joined);
        if (hit == null) {
            hit = exact.get(concatenated);
        }
        if (hit != null) {
            return new Hit(hit, true);
        }
        hit = prefix.get(joined);
        if (hit == null) {
            hit = prefix.get(concatenated);
        }
        return hit == null ? null : new Hit(hit, false);
    }
}
