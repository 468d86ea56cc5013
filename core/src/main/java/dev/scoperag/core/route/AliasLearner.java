package dev.scoperag.core.route;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Learns from a filing's own text the names it uses for its issuer's products, segments and
 * subsidiaries ("YouTube", "GeForce", "Gatorade"): words the filing writes capitalised in mid-sentence
 * again and again and never in lower case, that are no English word (so not "Azure" or "Slack" either),
 * abbreviation, place or month, and not the company's own name. The catalog drops a name two issuers' filings teach, so what remains
 * is frequent in this issuer's filings and rare in the others'.
 */
public final class AliasLearner {

    /** A filing names a product of its own many times; fewer is a passing mention. */
    static final int MIN_MENTIONS = 5;

    /** The most a document teaches, most mentioned first. */
    static final int MAX_ALIASES = 20;

    private static final int MIN_LENGTH = 4;

    /** A capitalised word ("Azure"), a camel-case one ("YouTube", "iPhone"), or a hyphenated name ("Frito-Lay"). */
    private static final Pattern CANDIDATE = Pattern.compile(
            "(?<![\\p{L}\\p{N}&'\\-])((?:[A-Z][a-z]+[A-Z]?[a-z]*|[a-z][A-Z][A-Za-z]+)(?:-[A-Z][a-z]+)?)(?![\\p{L}\\p{N}&\\-])");
    private static final Pattern LOWER_WORD = Pattern.compile("(?<![\\p{L}\\p{N}])([a-z][a-z\\-]+)(?![\\p{L}\\p{N}])");

    /** Proper nouns every filing uses: months, days, places, regulators. */
    private static final Set<String> EVERY_FILING = Set.of(
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "america", "americas", "american", "europe", "european", "asia", "africa", "african", "australia",
            "canada", "canadian", "mexico", "brazil", "china", "chinese", "japan", "japanese", "india", "indian",
            "germany", "german", "france", "french", "britain", "british", "ireland", "irish", "netherlands",
            "dutch", "switzerland", "swiss", "singapore", "korea", "korean", "taiwan", "israel", "russia",
            "russian", "ukraine", "luxembourg", "bermuda", "cayman", "delaware", "california", "texas", "york",
            "washington", "florida", "illinois", "ohio", "georgia", "virginia", "carolina", "massachusetts",
            "jersey", "pennsylvania", "michigan", "minnesota", "wisconsin", "colorado", "arizona", "nevada",
            "oregon", "tennessee", "missouri", "indiana", "kentucky", "louisiana", "maryland", "connecticut",
            "puerto", "rico", "london", "paris", "tokyo", "beijing", "shanghai", "hong", "kong", "street",
            "covid", "nasdaq", "sarbanes", "oxley", "dodd", "frank", "medicare", "medicaid", "internet",
            "treasury", "congress", "pacific", "atlantic", "latin", "middle", "east", "west", "north", "south");

    private AliasLearner() {}

    /** Line breaks of extracted text fall mid-sentence; only punctuation (or a bullet) starts one. */
    private static boolean sentenceInitial(String text, int start) {
        for (int p = start - 1; p >= 0; p--) {
            char c = text.charAt(p);
            if (!Character.isWhitespace(c)) {
                return ".?!:;\"'\u2022\u201c(".indexOf(c) >= 0;
            }
        }
        return true;
    }

    /** The names a document teaches for its issuer, most mentioned first; empty for a text without any. */
    public static List<String> learn(String text, String company) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        Set<String> ownName = new HashSet<>(NameTokens.nameWords(company));
        Map<String, Integer> lowerCase = new HashMap<>();
        Matcher lower = LOWER_WORD.matcher(text);
        while (lower.find()) {
            lowerCase.merge(lower.group(1), 1, Integer::sum);
        }
        Map<String, Integer> mentions = new HashMap<>();
        Matcher m = CANDIDATE.matcher(text);
        while (m.find()) {
            if (!sentenceInitial(text, m.start(1))) {
                mentions.merge(m.group(1), 1, Integer::sum);
            }
        }
        List<Map.Entry<String, Integer>> ranked = new ArrayList<>();
        for (Map.Entry<String, Integer> e : mentions.entrySet()) {
            String term = e.getKey();
            String folded = term.toLowerCase(Locale.ROOT);
            List<String> words = NameTokens.nameWords(term);
            if (e.getValue() < MIN_MENTIONS || term.length() < MIN_LENGTH || lowerCase.containsKey(folded)
                    || words.stream().allMatch(Vocabulary::isEverydayWord) || words.stream().anyMatch(EVERY_FILING::contains)
                    || Vocabulary.isGenericNameWord(folded) || Vocabulary.isAcronym(term.toUpperCase(Locale.ROOT))
                    || words.stream().anyMatch(ownName::contains)) {
                continue;
            }
            ranked.add(e);
        }
        ranked.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<String> aliases = new ArrayList<>();
        for (int i = 0; i < ranked.size() && aliases.size() < MAX_ALIASES; i++) {
            aliases.add(ranked.get(i).getKey());
        }
        return aliases;
    }
}
