package dev.scoperag.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.filing.Shard;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DeterministicRouterTest {

    private static Catalog catalog;
    private final DeterministicRouter router = new DeterministicRouter();

    @BeforeAll
    static void loadCatalog() {
        catalog = TestCatalogs.full();
    }

    private Route route(String question) {
        return router.route(question, RouteHints.NONE, catalog);
    }

    /** Routed with the SEC directory and no corpus. */
    private Route routeWithDirectoryAlone(String question) {
        return router.route(question, RouteHints.NONE, new Catalog().useDirectory(TestCatalogs.directory()));
    }

    /** With the directory alone the question names exactly the issuer listed under {@code ticker}. */
    private Route assertRoutedAloneTo(String question, String ticker) {
        Route route = routeWithDirectoryAlone(question);
        assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly(ticker);
        return route;
    }

    /** Neither with the directory and the alias lists alone nor with the bench catalog does the question name an issuer. */
    private void assertUnroutedAloneAndWithTheBenchCatalog(String question) throws IOException {
        for (Catalog catalog : List.of(AnalystRoutingTest.directoryAlone(), AnalystRoutingTest.benchCatalog())) {
            assertThat(router.route(question, RouteHints.NONE, catalog).issuers()).as(question).isEmpty();
        }
    }

    /** With the directory alone the question names no issuer. */
    private void assertUnroutedAlone(String question) {
        Route route = routeWithDirectoryAlone(question);
        assertThat(route.issuers()).as(route.explanation()).isEmpty();
    }

    /**
     * With the directory and the alias lists alone, the question names exactly the issuer listed under {@code ticker}, and
     * none of {@code unrouted} names any.
     */
    private void assertReadAloneAndNotIn(String question, String ticker, List<String> unrouted) {
        Catalog alone = AnalystRoutingTest.directoryAlone();
        assertThat(router.route(question, RouteHints.NONE, alone).issuers()).extracting(Route.Issuer::ticker).containsExactly(ticker);
        for (String none : unrouted) {
            assertThat(router.route(none, RouteHints.NONE, alone).issuers()).as(none).isEmpty();
        }
    }

    /** With the directory and the alias lists alone the question names no issuer. */
    private void assertRoutedWithTheAliasesAloneTo(String question, String ticker) {
        Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
        assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly(ticker);
    }

    private void assertUnroutedWithTheAliasesAlone(String question) {
        Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
        assertThat(route.issuers()).as(route.explanation()).isEmpty();
    }

    private static Shard shard(String id) {
        return Shard.parse(id);
    }

    @Nested
    class Tickers {

        @Test
        void aPlainTickerRoutesToItsShard() {
            Route route = route("What was MMM's total revenue in FY2018?");
            assertThat(route.shards()).containsExactly(shard("MMM:2018"));
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC);
            assertThat(route.confidence()).isEqualTo(0.95);
        }

        @Test
        void twoTickersRouteToBothIssuers() {
            Route route = route("Compare KO and PEP operating margins in FY2022.");
            assertThat(route.shards()).containsExactlyInAnyOrder(shard("KO:2022"), shard("PEP:2022"));
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("KO", "PEP");
        }

        @ParameterizedTest
        @CsvSource({"$hubs customer count and average subscription revenue per customer 2025, HUBS", "$Nvda data center guide, NVDA",
                "what is $cost doing with membership fees, COST"})
        void aCashtagIsATickerInAnyCase(String question, String ticker) {
            Route route = assertRoutedAloneTo(question, ticker);
            assertThat(route.explanation()).contains("cashtag ticker");
        }

        @ParameterizedTest
        @ValueSource(strings = {"Medicare Advantage MA star ratings cuts 2024", "net interest margin (NIM) trends at regional banks",
                "Average Selling Price (ASP) trends for EVs"})
        void anUpperCaseWordTheWordsBeforeItSpellIsTheirShortFormNotATicker(String question) {
            // MA is Mastercard's ticker, NIM a fund's, ASP a small listing's
            assertUnroutedAlone(question);
            assertRoutedAloneTo("Medicare Advantage growth at UNH in 2024", "UNH");
        }

        @Test
        void withoutItsDollarSignAnEnglishWordInLowerCaseIsNoTickerThere() {
            assertUnroutedAlone("the hubs customer count and average subscription revenue per customer 2025");
        }

        @ParameterizedTest
        @CsvSource({"Msft cloud revenue, MSFT", "Nvda data center revenue, NVDA"})
        void aTickerOpeningTheQuestionWithTheCapitalEveryFirstWordTakesIsReadAsInLowerCase(String question, String ticker) {
            assertRoutedAloneTo(question, ticker);
            assertThat(routeWithDirectoryAlone(question).explanation()).contains("lower-case ticker");
        }

        @ParameterizedTest
        @ValueSource(strings = {"cms final rule on 2025 physician fee schedule", "what did the cfpb say about overdraft fees",
                "fdic special assessment accounting"})
        void anAgencyInLowerCaseIsNoTicker(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "What was $V net revenue in FY2022?",
                "What did the payments network (NYSE: V) report as net revenue for FY2022?",
                "How much did V's payments volume grow in FY2022?",
                "For the company with ticker V, what was FY2022 net revenue?"})
        void aOneLetterTickerCountsInTickerContext(String question) {
            Route route = route(question);
            assertThat(route.shards()).containsExactly(shard("V:2022"));
        }

        @ParameterizedTest
        @CsvSource({"V revenue growth, V", "C markets revenue, C", "V payments volume growth, V"})
        void aOneLetterTickerOfAVeryLargeListingOpeningTheQuestionBeforeItsBusinessIsTheTicker(String question, String ticker) {
            // nor a letter that makes a term with the next word
            assertReadAloneAndNotIn(question, ticker, List.of("A revenue decline in Q3", "I think revenue will grow",
                    "C corporation tax rates", "V shaped recovery in earnings", "T bills yields", "Revenue growth in V Shaped Markets Explained",
                    "B share class vs A share class fees", "C suite pay growth in 2023", "D rated debt recovery rates",
                    "E mini futures margin requirements", "T bill yields vs money market funds"));
        }

        @ParameterizedTest
        @CsvSource({"COST membership fees, COST", "CAT dealer inventories, CAT", "ALL catastrophe losses, ALL"})
        void aWordLikeTickerInCapitalsOpeningTheQuestionBeforeItsBusinessIsTheTickerWithTheDirectoryAlone(String question,
                String ticker) {
            // not before a word of its own ("COST of capital", "CAT bond"), nor in a question written in capitals
            assertReadAloneAndNotIn(question, ticker, List.of("COST of capital for utilities", "CAT bond spreads",
                    "KEY takeaways from earnings", "ALL IN COST OF GOLD MINING", "what is the COST of membership fees",
                    "FAST food menu pricing and traffic"));
        }

        @Test
        void aLoneUpperCaseWordLikeTickerCountsWithLowerConfidence() {
            Route route = route("What was the net revenue of V in FY2022?");
            assertThat(route.shards()).containsExactly(shard("V:2022"));
            assertThat(route.confidence()).isEqualTo(0.7);
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "Are all of the segments of a company on the balance sheet profitable in FY2022?",
                "It is said that a company can keep some leases off the balance sheet; is that so now?",
                "Is it true that A company can report IT costs ON the balance sheet in FY2022?",
                "Did the company see a V-shaped recovery in 2021?",
                "What is the difference between Class A and Class C shares?",
                "How do S&P 500 firms report R&D and SG&A in the 10-K?",
                "What is ROA, ROE and EPS, and what does the CEO say in the AGM?"})
        void ordinaryWordsAndAbbreviationsAreNotTickers(String question) {
            Route route = route(question);
            assertThat(route.issuers()).isEmpty();
            assertThat(route.fallback()).isTrue();
        }

        @Test
        void wordLikeTickersAreIgnoredNextToAnotherIssuer() {
            Route route = route("Are ALL of 3M's segments profitable ON a GAAP basis in FY2022?");
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("MMM");
            assertThat(route.shards()).containsExactly(shard("MMM:2022"));
        }

        @Test
        void aCurrentTickerReachesTheFilingsOfItsFormerTickerThroughTheCik() {
            Route route = route("What was XYZ's FY2020 revenue growth?");
            assertThat(route.shards()).containsExactly(shard("SQ:2020"));
            assertThat(route.issuers()).containsExactly(new Route.Issuer("SQ", 1512673L, "Block", true));
            assertThat(route.confidence()).isEqualTo(0.85);
        }

        @Test
        void aFormerTickerReachesTheCorpusThroughATickerChange() {
            Route meta = route("What did META spend on Reality Labs in FY2021?");
            Route fb = route("What did FB spend on Reality Labs in FY2021?");
            assertThat(meta.shards()).containsExactly(shard("FB:2021"));
            assertThat(fb.shards()).containsExactly(shard("FB:2021"));
        }
    }

    @Nested
    class Names {

        @ParameterizedTest
        @ValueSource(strings = {
                "What is Coca Cola's FY2022 dividend payout ratio?",
                "What is Coca-Cola's FY2022 dividend payout ratio?",
                "What is The Coca-Cola Company's FY2022 dividend payout ratio?",
                "What is the FY2022 dividend payout ratio of COCA COLA CO?",
                "What is the FY2022 dividend payout ratio of Coke?"})
        void cocaColaInEveryDayForms(String question) {
            assertThat(route(question).shards()).containsExactly(shard("KO:2022"));
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "What drove gross margin change as of FY2022 for JnJ?",
                "What drove gross margin change as of FY2022 for J&J?",
                "What drove gross margin change as of FY2022 for Johnson and Johnson?",
                "What drove gross margin change as of FY2022 for Johnson & Johnson?",
                "What drove Johnson & Johnson's gross margin change in FY2022?"})
        void johnsonAndJohnsonInEveryDayForms(String question) {
            Route route = route(question);
            assertThat(route.shards()).containsExactly(shard("JNJ:2022"));
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("JNJ");
        }

        @Test
        void possessivesWithAnyApostropheAreStripped() {
            assertThat(route("What was JPMorgan's net interest income in FY2022?").shards()).containsExactly(shard("JPM:2022"));
            assertThat(route("What was Linde`s capex in FY2022?").shards()).containsExactly(shard("LIN:2022"));
            assertThat(route("What was Linde\u2019s capex in FY2022?").shards()).containsExactly(shard("LIN:2022"));
            assertThat(route("What is American Water Works's FY2021 EBITDA?").shards()).containsExactly(shard("AWK:2021"));
            assertThat(route("What were Best Buy's FY2023 gross margins?").shards()).containsExactly(shard("BBY:2023"));
        }

        @Test
        void abbreviationsAndSpellingVariantsOfNames() {
            assertThat(route("Does AMEX have an improving operating margin as of 2022?").shards()).containsExactly(shard("AXP:2022"));
            assertThat(route("Has Pepsico reported legal battles in FY2022?").shards()).containsExactly(shard("PEP:2022"));
            assertThat(route("Has PepsiCo reported legal battles in FY2022?").shards()).containsExactly(shard("PEP:2022"));
            assertThat(route("What drove revenue change as of the FY22 for AMD?").shards()).containsExactly(shard("AMD:2022"));
            assertThat(route("What drove revenue at Advanced Micro Devices in FY2022?").shards()).containsExactly(shard("AMD:2022"));
            assertThat(route("What is the FY2022 retention ratio for General Mills?").shards()).containsExactly(shard("GIS:2022"));
            assertThat(route("What is Kraft Heinz's FY2019 inventory turnover?").shards()).containsExactly(shard("KHC:2019"));
            assertThat(route("Has Microsoft Corp increased its debt in FY2023?").shards()).containsExactly(shard("MSFT:2023"));
            assertThat(route("How many fuel gallons did American Airlines burn in FY2022?").shards()).containsExactly(shard("AAL:2022"));
        }

        @Test
        void mgmIsMgmResorts() {
            Route byTicker = route("Which region had the highest EBITDAR contribution for MGM during FY2022?");
            Route byName = route("What was MGM Resorts International's FY2020 capex?");
            assertThat(byTicker.shards()).containsExactly(shard("MGM:2022"));
            assertThat(byTicker.confidence()).isEqualTo(0.95);
            assertThat(byName.shards()).containsExactly(shard("MGM:2020"));
        }

        @Test
        void footLockerWrittenAsOneWord() {
            assertThat(route("Does Footlocker's new CEO have previous CEO experience?").shards()).containsExactly(shard("FL:2022"));
            assertThat(route("Does Foot Locker's new CEO have previous CEO experience?").shards()).containsExactly(shard("FL:2022"));
        }

        @Test
        void theLeadingWordOfALongerCorpusNameMatchesWithLowerConfidence() {
            Route route = route("What is Kraft's FY2019 inventory turnover?");
            assertThat(route.shards()).containsExactly(shard("KHC:2019"));
            assertThat(route.confidence()).isEqualTo(0.8);
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "What were 3M's general and administrative expenses in FY2022?",
                "How many American employees did 3M have in FY2022?",
                "What share of 3M's FY2022 sales came from the United States and International markets?",
                "Was 3M the first to report PFAS liabilities in FY2022?",
                "What is 3M's total square footage of facilities in FY2022?",
                "Did 3M sell a block of shares in FY2022?"})
        void genericWordsInANameDoNotNameAnotherCompany(String question) {
            Route route = route(question);
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("MMM");
            assertThat(route.shards()).containsExactly(shard("MMM:2022"));
        }

        @Test
        void blockFormerlyKnownAsSquareRoutesToItsSqFilings() {
            Route route = route("What is Block's (formerly known as Square) FY2016 working capital ratio?");
            assertThat(route.shards()).containsExactly(shard("SQ:2016"));
            assertThat(route.issuers()).hasSize(1);
            assertThat(route.confidence()).isEqualTo(0.95);
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "What is the FY2020 revenue growth rate for Block (formerly known as Square)?",
                "What was Square's revenue growth in FY2020?",
                "What was Block, Inc.'s revenue growth in FY2020?",
                "What was the revenue growth of XYZ in FY2020?",
                "What was the revenue growth of SQ in FY2020?"})
        void blockSquareXyzAndSqAreOneIssuer(String question) {
            Route route = route(question);
            assertThat(route.shards()).containsExactly(shard("SQ:2020"));
            assertThat(route.issuers()).extracting(Route.Issuer::cik).containsExactly(1512673L);
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "How much did Facebook spend on R&D in FY2021?",
                "How much did Meta Platforms spend on R&D in FY2021?",
                "How much did Meta spend on R&D in FY2021?"})
        void facebookAndMetaAreTheFbFilings(String question) {
            assertThat(route(question).shards()).containsExactly(shard("FB:2021"));
        }
    }

    @Nested
    class Years {

        @ParameterizedTest
        @ValueSource(strings = {
                "What is the year end FY2018 net PPNE for 3M?",
                "What is the year end FY 2018 net PPNE for 3M?",
                "What was 3M's net PPNE in fiscal 2018?",
                "What was 3M's net PPNE in fiscal year 2018?",
                "What was 3M's net PPNE in FY18?",
                "What was 3M's net PPNE in 2018?",
                "As of 2018, what was 3M's net PPNE?"})
        void aYearInAnyFormRoutesToThatYear(String question) {
            Route route = route(question);
            assertThat(route.shards()).containsExactly(shard("MMM:2018"));
            assertThat(route.confidence()).isEqualTo(0.95);
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "What was 3M's operating margin in Q2 of FY2023?",
                "What was 3M's operating margin in Q22023?",
                "What was 3M's operating margin in 2023 Q2?",
                "What was 3M's operating margin in Q2 2023?",
                "What was 3M's operating margin in the second quarter of 2023?"})
        void aQuarterRoutesToItsFiscalYearAndPrefersQuarterlyDocuments(String question) {
            Route route = route(question);
            assertThat(route.shards()).containsExactly(shard("MMM:2023"));
            assertThat(route.forms()).containsExactlyInAnyOrder("10-Q", "EARNINGS");
            assertThat(route.periods()).containsExactly("2023Q2");
        }

        @Test
        void aFourthQuarterAlsoPrefersTheAnnualReport() {
            Route route = route("What percent of 3M's buybacks for FY 2022 occurred in Q4 FY2022?");
            assertThat(route.shards()).containsExactly(shard("MMM:2022"));
            assertThat(route.forms()).contains("10-K", "10-Q", "EARNINGS");
            assertThat(route.periods()).containsExactly("2022Q4");
        }

        @Test
        void aQuarterOfAnotherCompanyStaysInItsOwnFiscalYear() {
            Route route = route("Which of JPM's business segments had the lowest net revenue in 2021 Q1?");
            assertThat(route.shards()).containsExactly(shard("JPM:2021"));
            assertThat(route.periods()).containsExactly("2021Q1");
        }

        @Test
        void aRangeRoutesToEveryPresentYearLatestFirst() {
            assertThat(route("What is the FY2018 - FY2019 change in 3M's operating margin?").shards())
                    .containsExactly(shard("MMM:2019"), shard("MMM:2018"));
            assertThat(route("How did 3M's revenue change from FY2018 to FY2022?").shards())
                    .containsExactly(shard("MMM:2022"), shard("MMM:2019"), shard("MMM:2018"));
            assertThat(route("What is the 3 year average capex as a % of revenue FY2018 - FY2020 for MGM Resorts?").shards())
                    .containsExactly(shard("MGM:2020"));
        }

        @Test
        void betweenTwoYearsRoutesToBothLatestFirst() {
            Route route = route("Has PepsiCo increased its debt on balance sheet between FY2021 and the FY2022 period?");
            assertThat(route.shards()).containsExactly(shard("PEP:2022"), shard("PEP:2021"));
            Route reversed = route("Has Coca-Cola increased its debt between 2022 and the 2021 fiscal period?");
            assertThat(reversed.shards()).containsExactly(shard("KO:2022"), shard("KO:2021"));
        }

        @Test
        void withoutAYearTheLatestPresentYearIsUsedAndTheLatestAnnualReport() {
            Route route = route("Does 3M maintain a stable trend of dividend distribution?");
            assertThat(route.shards()).containsExactly(shard("MMM:2023"), shard("MMM:2022"));
            assertThat(route.confidence()).isEqualTo(0.71);
            assertThat(route("What are the geographies Coca-Cola operates in?").shards()).containsExactly(shard("KO:2022"));
        }

        @Test
        void theLatestYearIsPerCompanyNotFixed() {
            Route route = route("Compare the dividend policies of Block and Linde.");
            assertThat(route.shards()).containsExactly(shard("SQ:2020"), shard("LIN:2022"));
        }

        @Test
        void askingForTheLatestPeriodRoutesToItWithHigherConfidenceThanSilence() {
            Route route = route("What was Coca-Cola's revenue in the last fiscal year?");
            assertThat(route.shards()).containsExactly(shard("KO:2022"));
            assertThat(route.confidence()).isEqualTo(0.9);
            Route quarterly = route("What was 3M's revenue in the most recent quarter?");
            assertThat(quarterly.shards()).containsExactly(shard("MMM:2023"));
        }

        @Test
        void anAbsentYearRoutesToTheFilingsThatCarryItAsAComparative() {
            Route route = route("What was Coca-Cola's revenue in FY2020?");
            assertThat(route.shards()).containsExactly(shard("KO:2021"), shard("KO:2022"));
            assertThat(route.confidence()).isEqualTo(0.52);
            assertThat(route("What is Coca-Cola's FY2024 outlook?").shards()).containsExactly(shard("KO:2022"));
        }

        @Test
        void aBareFutureYearBesideAFiscalYearIsNotRouted() {
            Route route = route("As of FY 2021, how much did Coca-Cola expect to pay its retirees in 2024?");
            assertThat(route.shards()).containsExactly(shard("KO:2021"));
            assertThat(route.confidence()).isEqualTo(0.95);
        }
    }

    @Nested
    class FormsAndDates {

        @Test
        void anEightKDateRoutesToTheShardHoldingThatFiling() {
            Route route = route("What cash proceeds did JnJ realise from the separation of Kenvue, as of August 30, 2023?");
            assertThat(route.shards()).containsExactly(shard("JNJ:2023"));
            assertThat(route.forms()).containsExactly("8-K");
            assertThat(route.periods()).containsExactly("2023-08-30");
        }

        @Test
        void aDateNearAnEightKFindsIt() {
            Route route = route("As of May 26, 2023, what is the total amount Pepsico may borrow under its credit agreements?");
            assertThat(route.shards()).containsExactly(shard("PEP:2023"));
            assertThat(route.forms()).containsExactly("8-K");
            Route dated = route("What was the key agenda of PepsiCo's 8k filing dated 5th May 2023?");
            assertThat(dated.shards()).containsExactly(shard("PEP:2023"));
            assertThat(dated.periods()).containsExactly("2023-05-05");
        }

        @Test
        void aMonthEndIsAReportingDateNotAnEvent() {
            Route route = route("What was Coca-Cola's cash balance as of December 31, 2022?");
            assertThat(route.shards()).containsExactly(shard("KO:2022"));
            assertThat(route.forms()).doesNotContain("8-K");
        }

        @Test
        void formWordsFilterDocumentsButKeepTheShard() {
            assertThat(route("What does 3M's FY2022 10-K say about PFAS?").forms()).containsExactly("10-K", "10-K/A");
            assertThat(route("What does 3M's FY2022 annual report say about PFAS?").forms()).containsExactly("10-K", "10-K/A");
            assertThat(route("What did 3M's latest 10-Q say about PFAS?").forms()).containsExactly("10-Q");
            Route earnings = route("What did PepsiCo guide in its FY2023 earnings release?");
            assertThat(earnings.forms()).containsExactly("EARNINGS");
            assertThat(earnings.shards()).containsExactly(shard("PEP:2023"));
        }

        @Test
        void anEightKWithoutADateRoutesToTheLatestYearHoldingOne() {
            Route route = route("What did 3M disclose in its 8-K?");
            assertThat(route.forms()).containsExactly("8-K");
            assertThat(route.shards()).containsExactly(shard("MMM:2023"));
        }
    }

    @Nested
    class Resolution {

        @Test
        void twoCompaniesAndTwoYearsInterleaveLatestFirst() {
            Route route = route("Compare Coca-Cola and PepsiCo gross margins between FY2021 and FY2022.");
            assertThat(route.shards()).containsExactly(
                    shard("KO:2022"), shard("PEP:2022"), shard("KO:2021"), shard("PEP:2021"));
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("KO", "PEP");
        }

        @Test
        void anUnknownCompanyFallsBackToTheWholeCorpus() {
            Route route = route("What was Initech's revenue in FY2021?");
            assertThat(route.fallback()).isTrue();
            assertThat(route.method()).isEqualTo(Route.FALLBACK);
            assertThat(route.shards()).isEmpty();
            assertThat(route.abstainReason()).isNull();
            assertThat(route.confidence()).isZero();
        }

        @Test
        void aKnownCompanyWithoutFilingsAbstainsInsteadOfFallingBack() {
            Route route = route("What was Tesla's automotive revenue in FY2022?");
            assertThat(route.fallback()).isFalse();
            assertThat(route.shards()).isEmpty();
            assertThat(route.issuers()).containsExactly(new Route.Issuer("TSLA", 1318605L, "Tesla, Inc.", false));
            assertThat(route.abstainReason()).isEqualTo(
                    "ISSUER_NOT_IN_CORPUS: Tesla, Inc. (TSLA) is known but none of its filings are in the corpus");
        }

        @Test
        void aFormerNameFromTheTickerChangesIsKnown() {
            Route route = route("What was Anthem's medical loss ratio in FY2021?");
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("ELV");
            assertThat(route.abstainReason()).startsWith("ISSUER_NOT_IN_CORPUS: Elevance Health");
        }

        @Test
        void aCompanyOutsideTheCorpusBesideOneInsideDoesNotBlockTheRoute() {
            Route route = route("How does Coca-Cola's FY2022 revenue compare with Tesla's?");
            assertThat(route.shards()).containsExactly(shard("KO:2022"));
            assertThat(route.issuers()).extracting(Route.Issuer::inCorpus).containsExactly(true, false);
            assertThat(route.abstainReason()).isNull();
        }

        @Test
        void hintsTakePrecedenceOverTheText() {
            RouteHints hints = new RouteHints(List.of("XYZ"), List.of(2016), Set.of("10-K"));
            Route route = router.route("What was Coca-Cola's revenue in FY2022?", hints, catalog);
            assertThat(route.shards()).containsExactly(shard("SQ:2016"));
            assertThat(route.forms()).containsExactly("10-K", "10-K/A");
            assertThat(route.method()).isEqualTo(Route.HINTS);
            assertThat(route.confidence()).isEqualTo(1.0);
        }

        @Test
        void hintedPeriodsReplaceThePeriodsReadFromTheText() {
            RouteHints hints = new RouteHints(List.of("PEP"), List.of(2023), Set.of("8-K"), List.of("2023-05-30"));
            Route route = router.route("What did PepsiCo's 8-K dated May 5, 2023 say about the Q2 2023 vote?", hints, catalog);
            assertThat(route.shards()).containsExactly(shard("PEP:2023"));
            assertThat(route.forms()).containsExactly("8-K");
            assertThat(route.periods()).containsExactly("2023-05-30");
            Route unhinted = router.route("What did PepsiCo's 8-K dated May 5, 2023 say about the Q2 2023 vote?",
                    new RouteHints(List.of("PEP"), List.of(2023), Set.of("8-K")), catalog);
            assertThat(unhinted.periods()).contains("2023-05-05");
        }

        @Test
        void aHintedTickerOutsideTheCorpusAbstains() {
            Route route = router.route("What was revenue?", RouteHints.tickers("TSLA"), catalog);
            assertThat(route.abstainReason()).startsWith("ISSUER_NOT_IN_CORPUS: Tesla, Inc. (TSLA) is known");
            assertThat(route.fallback()).isFalse();
            Route unknown = router.route("What was revenue?", RouteHints.tickers("ZZZZQ"), catalog);
            assertThat(unknown.abstainReason()).isEqualTo(
                    "ISSUER_NOT_IN_CORPUS: no list knows the ticker ZZZZQ and the corpus has no filings under it");
        }

        @Test
        void routingIsDeterministic() {
            String q = "Compare Coca-Cola and PepsiCo gross margins between FY2021 and FY2022.";
            assertThat(route(q)).isEqualTo(route(q));
        }

        @Test
        void aCatalogWithoutDirectoryStillRoutesCorpusNamesAndTickers() {
            Catalog bare = TestCatalogs.corpus();
            assertThat(router.route("What was 3M's FY2019 revenue?", RouteHints.NONE, bare).shards()).containsExactly(shard("MMM:2019"));
            assertThat(router.route("What was JPM's FY2022 revenue?", RouteHints.NONE, bare).shards()).containsExactly(shard("JPM:2022"));
            Route tesla = router.route("What was Tesla's FY2022 revenue?", RouteHints.NONE, bare);
            assertThat(tesla.fallback()).isTrue();
        }
    }

    @Nested
    class FilingsWithoutCik {

        /** A {fiscal_year}/{TICKER} backfill sends no CIK and no company name: only the ticker ties the filings to their issuer. */
        private final Catalog backfilled = backfilled();

        private static Catalog backfilled() {
            Catalog c = new Catalog().useDirectory(new IssuerDirectory(List.of(
                    new IssuerDirectory.Entry(21344, "KO", "COCA COLA CO", 0),
                    new IssuerDirectory.Entry(77476, "PEP", "PEPSICO INC", 1))));
            c.add(new dev.scoperag.core.record.DocumentCommitted("KO:2022", "KO", null, null, 2022, "10-K", null, null, null, "10-K",
                    "hash", "src", 1, 10, 1000, 0, null, "2024-01-01T00:00:00Z", "bge-small-en-v1.5-q", "test"));
            return c;
        }

        @Test
        void aCompanyNamedAsTheDirectoryListsItReachesItsFilingsThroughTheTicker() {
            Route route = router.route("What were Coca-Cola's net operating revenues in fiscal 2022?", RouteHints.NONE, backfilled);
            assertThat(route.shards()).containsExactly(shard("KO:2022"));
            assertThat(route.issuers()).containsExactly(new Route.Issuer("KO", 21344L, "COCA COLA CO", true));
        }

        @Test
        void itsTickerAloneAlsoFindsTheListingsCik() {
            Route route = router.route("What were KO's net operating revenues in fiscal 2022?", RouteHints.NONE, backfilled);
            assertThat(route.shards()).containsExactly(shard("KO:2022"));
            assertThat(route.issuers()).containsExactly(new Route.Issuer("KO", 21344L, "COCA COLA CO", true));
        }

        @Test
        void anotherListedCompanyStaysOutsideTheCorpus() {
            Route route = router.route("What were PepsiCo's revenues in fiscal 2022?", RouteHints.NONE, backfilled);
            assertThat(route.shards()).isEmpty();
            assertThat(route.abstains()).isTrue();
        }
    }
    @Nested
    class AnalystSpelling {

        @ParameterizedTest
        @ValueSource(strings = {"MSTF cloud revenue", "mircosoft azure growth", "microsfot fy2023 revenue"})
        void aTickerOrNameOneEditFromACorpusIssuerRoutesThereWithLowerConfidence(String question) {
            Route route = route(question);
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("MSFT");
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC_TYPO);
            assertThat(route.confidence()).isLessThan(0.7);
        }

        @Test
        void aTypoIsNotReadWhenAnotherWordNamesAnIssuer() {
            Route route = route("Microsoft vs MSTF cloud revenue");
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC);
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("MSFT");
        }

        @ParameterizedTest
        @ValueSource(strings = {"apple pie recipe", "target date funds fees", "visa requirements for business travel",
                "CAT scan equipment makers margins", "KEY takeaways from the quarter", "ALL of the sector's margins fell",
                "an amazon of data to sift through", "chase the yield in a falling rate market", "nice margins"})
        void everydayWordsThatAreNamesOrTickersStayUnrouted(String question) {
            Route route = route(question);
            assertThat(route.issuers()).as(route.explanation()).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"how does mastercard make money from cross-border volume", "buyback update jnj",
                "msft azure growth drivers fy24", "JnJ's pharma pipeline", "what did apple say about services margin"})
        void lowerCaseNamesAndTickersOfTheDirectoryNameTheirIssuer(String question) {
            Route route = router.route(question, RouteHints.NONE, new Catalog().useDirectory(TestCatalogs.directory())
                    .useAliases(TestCatalogs.aliases()));
            assertThat(route.issuers()).as(route.explanation()).hasSize(1);
            assertThat(route.issuers().get(0).cik()).isNotNull();
        }

        @ParameterizedTest
        @CsvSource({"johnson controls building solutions, JCI", "Raymond James private client assets, RJF",
            "philip morris smoke-free revenue, PM", "johnson outdoors revenue, JOUT"})
        void aLargeIssuersNameWithoutItsGenericLastWordsNamesItInTheDirectory(String question, String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @CsvSource({"capital one net charge-off rate, COF", "royal caribbean load factor, RCL",
            "cooper companies contact lens growth, COO", "travelers companies catastrophe losses, TRV"})
        void theFirstTwoWordsOfALargeIssuersNameOrItsNameWithOneLegalFormNameItInTheDirectory(String question, String ticker) {
            // CAPITAL ONE FINANCIAL CORP, ROYAL CARIBBEAN CRUISES LTD: no other title starts with the pair;
            // COOPER COMPANIES, INC.: the name as written with the first of its two legal-form words.
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"capital one needs to raise", "how much capital one bank needs", "new york sales tax revenue",
            "las vegas strip gaming revenue", "caribbean cruise demand", "royal family travel costs", "cooper union tuition", "the companies with the best margins"})
        void aPairOfCommonWordsWithoutBusinessAPlaceOrOneWordOfThePairNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @ValueSource(strings = {"the big blue ocean economy", "a big blue chip stock"})
        void englishWordsOfAnAliasAfterAnArticleAreTheNounPhrase(String question) {
            Route route = router.route(question, RouteHints.NONE, TestCatalogs.full());
            assertThat(route.issuers()).as(route.explanation()).isEmpty();
        }

        @ParameterizedTest
        @CsvSource({"the mouse house linear networks impairment, DIS", "how big are the house of mouse streaming losses, DIS",
            "the big orange pro sales, HD"})
        void aNicknameOfEnglishWordsAfterTheGoingOnAboutItsBusinessIsTheCompanys(String question, String ticker) {
            // as "the big blue ocean economy" is not, nor "the big orange sunset over the bay", which says no business before
            // its function word
            assertReadAloneAndNotIn(question, ticker, List.of("the big orange sunset over the bay", "the big blue ocean economy",
                    "the ship finance market lending volumes", "how did deposit outflows hit the community bank system in 2023"));
        }

        @ParameterizedTest
        @CsvSource({"ipalco rate base and capex plan, AES", "golden pass lng startup delay, XOM", "alagasco rate case outcome, SR",
            "VC-25B presidential aircraft program losses, BA", "neom green hydrogen project capex commitment, APD"})
        void aSubsidiaryFieldOrProgramOfTheListsEighthRoundNamesItsIssuer(String question, String ticker) {
            assertReadAloneAndNotIn(question, ticker, List.of("golden retriever pass rates", "green hydrogen project capex"));
        }

        @ParameterizedTest
        @CsvSource({"carrier's hvac sales, CARR", "lg display panel prices, LPL", "give me a home depot revenue breakdown by category, HD"})
        void englishWordsAfterAnIndefiniteArticleOrBeforeSegmentAreNoListingsName(String question, String ticker) throws IOException {
            // a name takes no "a", possessive or not; English words before "segment" name the segment
            assertReadAloneAndNotIn(question, ticker, List.of("less-than-truckload pricing discipline after a big carrier's bankruptcy",
                    "an apple's price", "display segment margin"));
            assertThat(router.route("gorilla glass pricing and display segment margin", RouteHints.NONE, AnalystRoutingTest.benchCatalog())
                    .issuers()).extracting(Route.Issuer::ticker).containsExactly("GLW");
        }

        @ParameterizedTest
        @CsvSource({"rayjay advisor recruiting fy22, RJF", "K Hov contracts per community 2023, HOV", "uncle pete carloads, UNP",
            "big red postpaid phone churn 2021, VZ", "UHC medicare advantage membership, UNH", "frost bank deposit costs, CFR"})
        void aNicknameOfTheTradesNamesItsCompany(String question, String ticker) {
            // English words of a nickname that make a compound with the next word are that compound
            assertReadAloneAndNotIn(question, ticker, List.of("big red flags in the audit report", "big red gum sales"));
        }

        @ParameterizedTest
        @CsvSource({"UP operating ratio 2024, UNP", "UP's mexico intermodal volumes, UNP", "what did UP say about volumes, UNP",
            "$UP fleet utilization, UP"})
        void aNameTheListWritesInCapitalsThatIsAnEnglishWordIsTheNameAsTheSubjectBeforeItsBusiness(String question, String ticker) {
            // Union Pacific as railroad analysts write it; a cashtag is Wheels Up's ticker. The word "up" is no name.
            assertReadAloneAndNotIn(question, ticker, List.of("revenue UP 10% in fy23", "margins UP in 2023", "UP 10% revenue growth",
                    "REVENUE UP 10% IN FY23", "what is up with margins", "labor costs are UP sharply, margins squeezed",
                    "Mortgage rates are UP, home sales down", "UP next: cloud revenue", "UP-front costs of the new ERP system",
                    "Everything is UP: costs, wages, freight rates"));
        }

        @ParameterizedTest
        @CsvSource({"margins at pep in 2023, PEP", "gross margin trends for ko, KO", "inventory digestion at nvda, NVDA"})
        void aLowerCaseTickerEndingAQuestionOfItsBusinessNamesItsIssuer(String question, String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @CsvSource({"net income growth ko, KO", "buyback update msft, MSFT"})
        void aLowerCaseTickerAfterItsMetricEndingTheQuestionNamesItsIssuer(String question, String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"sales per sq", "revenue growth ok", "interest rate hikes", "margin trends cost"})
        void aLowerCaseWordAfterNoMetricOrAfterAWordEnglishCompoundsWithNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @ValueSource(strings = {"pressure at pep", "more pep for the team", "price increases for cost", "demand for gap insurance"})
        void aLowerCaseEnglishWordThatIsATickerAfterAtOrForWithoutAMetricBeforeNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"UPS average daily volume, UPS", "KO case volume growth, KO"})
        void aMetricOfAFewWordsAfterAnUpperCaseTickerIsItsBusiness(String question, String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"UPS and downs of the sales cycle", "UPS between quarters revenue", "apple pie recipe sales",
            "visa requirements for business travel", "target date funds fees", "delta between guidance and actuals"})
        void wordsAfterATickerThatGoOnAboutSomethingElseOrAfterALowerCaseNameAreNoBusiness(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"old dominion operating ratio, ODFL", "live nation concert attendance, LYV", "martin marietta aggregates pricing, MLM",
            "what did super micro say about server demand, SMCI"})
        void aLeadingPairWithAnEnglishWordNamesALargeIssuerAsTheQuestionsSubject(String question, String ticker) {
            // OLD DOMINION FREIGHT LINE, Live Nation Entertainment: the pair starts no other title
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"the old dominion of the crown", "we live nation by nation", "a super micro cap fund",
            "international business travel costs", "canadian natural gas prices", "automatic data entry errors"})
        void aLeadingPairWithAnEnglishWordInsideASentenceOrOfABusinessWordOrAPlaceNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"cheniere liquefaction volumes, LNG", "smucker hostess acquisition accretion, SJM", "grainger branch sales, GWW",
            "post holdings cereal volumes, POST"})
        void aNameAfterInitialsAParentsNameOrANameWithItsLegalFormNamesTheIssuer(String question, String ticker) {
            // Cheniere Energy before Cheniere Energy Partners; J M SMUCKER Co, W.W. GRAINGER; Post Holdings written out
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"post office box rules", "a good company culture", "the working group report"})
        void commonWordsWithoutALegalFormNameNobody(String question) {
            assertUnroutedAlone(question);
        }

        @Test
        void anEnglishNameOfTheThreeThousandLargestListingsIsReadAsItsQuestionsSubject() {
            // Energizer Holdings is past the 2,000th listing
            assertRoutedAloneTo("energizer battery volume decline fy23", "ENR");
            assertUnroutedAlone("an energizer for the team before the game");
        }

        @Test
        void aMidSizeListingsNameALetterShortIsReadBeforeItsBusiness() {
            assertRoutedAloneTo("facset annual subscription value growth fy23", "FDS");
            assertRoutedAloneTo("facset client retention rate", "FDS");
            // the hand's word, without business after it, names nobody (Palomar is a listing too)
            assertUnroutedAlone("palmar grip strength after surgery");
        }

        @ParameterizedTest
        @CsvSource({"zscalar arr growth, ZS", "alfac japan sales, AFL", "boigen leqembi launch, BIIB", "ASDK billings growth, ADSK",
            "workdya subscription revenue backlog, WDAY", "addobe creative cloud arr, ADBE"})
        void aTypoOfAListingPastTheLargestHundredOrOfAnEnglishNameAsTheSubjectNamesItWithLowerConfidence(String question,
                String ticker) {
            Route route = assertRoutedAloneTo(question, ticker);
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC_TYPO);
        }

        @ParameterizedTest
        @ValueSource(strings = {"biotech funding trends", "LEAN manufacturing savings", "alfa romeo sales", "the adobe walls of the mission"})
        void aWordOfAnyTitleAnEnglishWordOrAnEnglishNamesTypoOutsideTheSubjectIsNoTypo(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"CPKC mexico cross-border volumes, CP", "BMS eliquis sales, BMY", "CIBC capital ratios, CM",
            "ConEd rate case outcome, ED"})
        void aLargeListingsInitialsOrItsWordsCutShortInCamelCaseNameIt(String question, String ticker) {
            Route route = assertRoutedAloneTo(question, ticker);
            assertThat(route.namedBy().get(0).detail()).isIn("initials of name", "short form of name");
        }

        @ParameterizedTest
        @ValueSource(strings = {"revenue growth in france", "france vat rules for retailers", "berkeley office demand trends",
            "sales growth in victoria", "moline plant output"})
        void aPlaceIsNoNameMistyped(String question) {
            // one edit from Franco-Nevada's, W. R. Berkley's, Victoria's Secret's and Modine's first words: of the 2,210 places
            // of one word in the places list, 14 were read so in "sales growth in ..." before the twenty-fifth pass
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"genmills pet segment operating profit, GIS", "amerexpress card member spending, AXP"})
        void aLargeListingsTwoWordsCutShortAndRunTogetherInLowerCaseNameIt(String question, String ticker) {
            Route route = assertRoutedAloneTo(question, ticker);
            assertThat(route.namedBy().get(0).detail()).isEqualTo("short form of name");
        }

        @ParameterizedTest
        @ValueSource(strings = {"biopharmaceutical revenue growth", "interexchange carrier access fees", "medtech device sales"})
        void aCompoundOfACombiningFormIsNoNameRunTogether(String question) {
            // "bio" and "pharmaceutical" begin BioMarin Pharmaceutical's words, "inter" and "exchange" Intercontinental Exchange's
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @ValueSource(strings = {"MRI machine demand", "TSA screening volumes", "PMI new orders index", "LinkedIn engagement trends"})
        void threeLetterInitialsOfASmallerListingAnAbbreviationOfFinanceOrACoinedWordNameNobody(String question) {
            // MRI and TSA are initials of MGM Resorts International and of a listing ranked past the largest 300
            assertUnroutedAlone(question);
        }

        @Test
        void aPossessiveOfAWordTwoNamesHoldMeansTheFarLargerListing() {
            // Hilton Worldwide Holdings is among the largest 300 listings, Hilton Grand Vacations past the largest 1000;
            // Boston starts three titles (Boston Scientific, Boston Beer, Boston Omaha), so "boston's" names none of them
            // (now its first word too); Eli Lilly's second word is in no other large title
            assertRoutedAloneTo("hilton's net unit growth pipeline", "HLT");
            Route lilly = assertRoutedAloneTo("lilly's tirzepatide supply", "LLY");
            assertThat(lilly.namedBy()).extracting(Route.Naming::detail).containsExactly("possessive of a word of name");
            assertThat(routeWithDirectoryAlone("boston's office vacancy").issuers()).isEmpty();
        }

        @ParameterizedTest
        @CsvSource({"marriott revenue growth, MAR", "hilton revpar outlook, HLT"})
        void theFirstWordOfOneOfTheLargest300BesideListingsPastTheLargestThousandNamesIt(String question, String ticker) {
            // Marriott Vacations Worldwide and Hilton Grand Vacations are listed past the largest thousand
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"best buy-and-hold etfs for retirement", "principal vs agent revenue recognition",
            "target-date fund fees"})
        void englishWordsRunningOnIntoACompoundOrComparedWithAWordNameNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"best buy comparable sales, BBY", "apple vs microsoft margins, AAPL", "target comparable sales, TGT"})
        void theSameNamesBeforeTheirBusinessOrComparedWithANameStillNameTheirIssuer(String question, String ticker) {
            Route route = routeWithDirectoryAlone(question);
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).contains(ticker);
        }

        @Test
        void oneWordThatOnlyBeginsASmallListingsNameNamesNobody() {
            // AERO ENERGY Ltd is listed far past the largest 3000; GE is not read bare before a word that is no business
            assertThat(routeWithDirectoryAlone("GE Aero leap engine deliveries 2024").issuers())
                    .extracting(Route.Issuer::ticker).doesNotContain("AAUGF");
        }

        @ParameterizedTest
        @CsvSource({"travelers personal insurance margins, TRV", "ford pro ebit margin, F", "gross margin at waters, WAT",
            "backlog growth for lattice in 2024, LSCC", "net interest margin at ally, ALLY"})
        void anEnglishNameBeforeWordsOfItsBusinessAndAMetricOrAfterAMetricAtTheEndNamesItsIssuer(String question,
                String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"progressive tax rates and after-tax earnings", "apple pie sales at bakeries",
            "box office revenue trends", "pool table sales", "shell company reverse merger accounting",
            "price increases for steel", "margin pressure at home", "delta hedging costs for dealers",
            "snap election results", "block trade volumes"})
        void anEnglishCompoundAKindOfCompanyOrACommodityAfterAMetricNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @ValueSource(strings = {"tesla coil resonant transformer basics", "kodiak bear population in alaska", "dutch oven recipes",
            "phillips screwdriver set prices", "dow jones industrial average level", "why did the british pound fall in 2022"})
        void aNameInLowerCaseBeforeAWordItMakesAnEnglishCompoundWithIsThatCompound(String question) {
            // Tesla, Kodiak Gas Services, Dutch Bros, Phillips 66, Dow and British American Tobacco are listed; the name or
            // ticker is none of theirs before the compound's second word, nor a slip of a ticker ("tesla" is one from TSLA)
            assertUnroutedAlone(question);
            assertRoutedAloneTo("tesla deliveries 2023", "TSLA");
            assertRoutedAloneTo("dow revenue 2023", "DOW");
        }

        @Test
        void aWordThatBeginsAnotherListingsNameWithTheNextIsNotTheLargerIssuer() {
            // Apple Hospitality REIT's name begins "apple hospitality" (a mid-size listing's pair, read as the subject)
            assertRoutedAloneTo("apple hospitality revpar 2024", "APLE");
            assertRoutedAloneTo("apple services revenue 2024", "AAPL");
        }

        @ParameterizedTest
        @CsvSource({"lemonade gross loss ratio, LMND", "gap comparable sales fy24, GAP", "box's net retention rate, BOX",
            "option care infusion margins, OPCH", "klaivyo revenue retention, KVYO",
            "comvault saas revenue, CVLT"})
        void aMidSizeIssuersEnglishNameOrPairAsTheQuestionsSubjectOrItsCoinedNameMistypedNamesIt(String question,
                String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @Test
        void anEnglishWordForAMidSizeIssuerOrALowerCaseWordLikeTickerIsReadLessSurely() {
            // as a lone word-like ticker (0.7), where a large issuer's English name is an exact name (0.95)
            assertThat(assertRoutedAloneTo("lemonade gross loss ratio 2024", "LMND").confidence()).isLessThanOrEqualTo(0.7);
            assertThat(assertRoutedAloneTo("pep pricing growth 2024", "PEP").confidence()).isLessThanOrEqualTo(0.7);
            assertThat(assertRoutedAloneTo("ko revenue growth 2024", "KO").confidence()).isLessThanOrEqualTo(0.7);
            assertThat(assertRoutedAloneTo("travelers catastrophe losses 2023", "TRV").confidence()).isGreaterThan(0.9);
            assertThat(assertRoutedAloneTo("msft azure revenue 2024", "MSFT").confidence()).isGreaterThan(0.8);
        }

        @ParameterizedTest
        @ValueSource(strings = {"bill payment volumes in the industry", "snap election results", "the popular vote and tax policy",
            "a box of chocolates", "option pricing models for employee grants"})
        void aMidSizeIssuersEnglishNameOutsideTheSubjectOrBeforeMoreWordsNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"what did block say about margins, XYZ", "how does target report comparable sales, TGT",
            "did ball say anything about can volumes, BALL"})
        void aNameOfCommonWordsBetweenAnAuxiliaryAndAVerbOfTellingNamesItsIssuer(String question, String ticker) {
            assertRoutedAloneTo(question, ticker);
            assertUnroutedAlone("what did the target say");
            assertUnroutedAlone("what does gap mean for margins");
        }

        @ParameterizedTest
        @CsvSource({"pep pricing growth, PEP", "gild hiv revenue, GILD", "ko revenue growth, KO", "dis parks revenue, DIS"})
        void aLowerCaseTickerThatIsAnEnglishWordOrTwoLettersNamesItsIssuerAsTheSubjectBeforeItsBusiness(String question,
                String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"gm margin expansion drivers", "pm revenue growth", "ad revenue growth for social media",
            "pe multiples compression", "ip licensing revenue trends", "a pep talk on revenue", "ko punch"})
        void aLowerCaseMetricEnglishWordOrTwoLettersElsewhereNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @ValueSource(strings = {"how do spot crypto etfs work", "what is a hedge fund's two and twenty fee structure",
            "did carrier pigeons really carry stock prices", "how do auto lenders handle rising delinquencies",
            "what is the vacancy rate in downtown san francisco offices", "explain the phillips curve",
            "how are steel prices set in the us"})
        void aCueBeforeAWordIsNotEnoughForAMidSizeNameATickerOrAFirstWordShared(String question) {
            // Spotify's SPOT, Twenty One Capital, Carrier (a compound in the plural), Li Auto's second word, Santander's
            // SAN before a place, Phillips 66's first word that Phillips Edison shares, Steel Dynamics' English first word
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"bny mellon assets under custody, BK", "tsmc capex 2024, TSM", "Citi services revenue, C",
            "AB InBev volumes, BUD", "Raytheon missiles backlog, RTX", "schlumberger international revenue, SLB",
            "wabtec freight backlog, WAB", "JPMC net interest income 2023, JPM", "big blue software segment margins, IBM",
            "THD pro customer sales, HD", "amwater rate case filings, AWK", "cap one card charge-offs, COF",
            "oxy permian production, OXY", "amerisource specialty distribution margins, COR"})
        void everydayAndFormerNamesOfLargeIssuersAreBuiltInAliases(String question, String ticker) {
            Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly(ticker);
            assertThat(route.namedBy().get(0).how()).isEqualTo("alias");
        }

        @ParameterizedTest
        @CsvSource({"youtube ads growth, GOOGL", "Instagram engagement trends, META", "GeForce demand in FY2025, NVDA",
            "Gatorade pricing, PEP", "Red Hat revenue growth 2025, IBM", "red hat subscriptions, IBM",
            "VMware integration costs, AVGO", "Blackwell ramp gross margin, NVDA", "Gorilla Glass demand from smartphones, GLW",
            "Progress Energy rate case filings, DUK", "737 MAX grounding charges, BA", "AWS operating margin, AMZN",
            "KFC same store sales, YUM", "FC2 female condom sales fy23, VERU", "xbee module sales trend, DGII",
            "opengear console server demand, DGII", "cote blanche mine salt production, CMP", "clabber girl baking powder sales, BGS",
            "coragen insecticide sales, FMC", "bush hog mower demand, ALG", "squatty potty sales 2023, ATER",
            "hemopurifier trial enrollment, AEMD", "laurel refinery throughput 2023, CHSCP"})
        void productsBrandsAndSubsidiariesOfTheAliasListNameTheirCompanyWithTheDirectoryAlone(String question, String ticker) {
            // Blackwell only begins a small listing's name (Blackwell 3D Construction), Gorilla Glass another's (Gorilla
            // Technology): neither names that listing, so the product does. A product in capitals is read as written, a
            // word of figures having no case ("737 MAX"), though the abbreviation is a common one ("AWS"). The last ten, of
            // smaller listings, came with the eighteenth pass's two rounds of the list (ranks 1,801 to 6,000, Coragen too,
            // and past the 6,000th: Squatty Potty, the Hemopurifier, CHS's Laurel refinery)
            Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly(ticker);
            assertThat(route.namedBy()).extracting(Route.Naming::how).containsExactly(Route.BY_PRODUCT_ALIAS);
        }

        @ParameterizedTest
        @CsvSource({"univ technical inst enrollment 2023, UTI", "northern tech intl zerust sales, NTIC", "amer express card fees, AXP",
            "Amer. Express discount revenue, AXP", "citius pharma cash runway, CTXR", "tetra tech commercial services 2023, TTEK",
            "amer sports revenue 2024, AS", "gen mills retail segment profit, GIS", "Universal Tech student starts 2023, UTI"})
        void aNamesWordsCutShortAreReadWrittenOutWhereTheWordsAsTypedNameNobody(String question, String ticker) {
            // Tetra Tech is not TETRA Technologies, nor Amer Sports American anything: the words as typed come first
            Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly(ticker);
            assertUnroutedWithTheAliasesAlone("tech stocks valuation 2023");
            assertUnroutedWithTheAliasesAlone("univ of michigan endowment returns");
        }

        @Test
        void aCashtagIsATickerNotAName() {
            // HP is Helmerich & Payne's ticker and HP Inc's name
            Route route = router.route("$HP north america solutions rig count 2022", RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly("HP");
            assertThat(router.route("HP printing supplies 2023", RouteHints.NONE, AnalystRoutingTest.directoryAlone()).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("HPQ");
            assertThat(router.route("$KO concentrate pricing", RouteHints.NONE, AnalystRoutingTest.directoryAlone()).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("KO");
        }

        @Test
        void anAmpersandBetweenTwoCapitalsTypedAsAnNIsTheAmpersand() {
            Route route = router.route("PnG fabric care organic sales fy25", RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("PG");
            assertThat(route.namedBy()).extracting(Route.Naming::words).containsExactly("PnG");
            assertUnroutedWithTheAliasesAlone("png image compression costs");
            assertUnroutedWithTheAliasesAlone("PnL impact of fx in 2023");
        }

        @Test
        void aCutOfAWordNamesAreMadeOfIsNoNameNorTickerByItself() throws Exception {
            // INTL was StoneX's ticker, and INTL FCStone its name, which its filings still write ("formerly INTL FCStone Inc.")
            for (Catalog catalog : List.of(AnalystRoutingTest.directoryAlone(), AnalystRoutingTest.benchCatalog())) {
                assertThat(router.route("intl revenue growth 2023 at nike", RouteHints.NONE, catalog).issuers())
                        .extracting(Route.Issuer::ticker).containsExactly("NKE");
                assertThat(router.route("intl fcstone commercial segment", RouteHints.NONE, catalog).issuers())
                        .extracting(Route.Issuer::ticker).containsExactly("SNEX");
            }
        }

        @ParameterizedTest
        @ValueSource(strings = {"pricing strategy fy24", "what is walmart's pricing strategy in 2023", "THD pro customer strategy fy24",
            "ai strategy 2024 at microsoft", "capital allocation strategy 2023"})
        void strategyInLowerCaseIsTheWordNotStrategyInc(String question) {
            // Strategy Inc (MicroStrategy until 2025) is a large listing whose whole name is a word of every question's business
            Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).doesNotContain("MSTR");
            assertThat(router.route("how many bitcoin does Strategy hold", RouteHints.NONE, AnalystRoutingTest.directoryAlone())
                    .issuers()).extracting(Route.Issuer::ticker).containsExactly("MSTR");
            assertThat(router.route("Strategy's bitcoin holdings 2025", RouteHints.NONE, AnalystRoutingTest.directoryAlone())
                    .issuers()).extracting(Route.Issuer::ticker).containsExactly("MSTR");
        }

        @ParameterizedTest
        @CsvSource({"hovnanian deliveries and margins 2023, HOV", "what did zedge say about subscription revenue, ZDGE",
            "nanoviricides cash runway, NNVC", "Cerence revenue guidance, CRNC"})
        void aSmallListingsCoinedNameNamesItAsTheQuestionsSubjectWithTheDirectoryAlone(String question, String ticker) {
            // past the 3,000 first listings; not a place ("arizona") nor a word another title begins with too ("morgan")
            assertReadAloneAndNotIn(question, ticker, List.of("Grand Canyon tourism revenue for Arizona", "morgan revenue growth",
                    "a zedge of the market"));
        }

        @Test
        void aLowerCaseTickerAfterAOrAPossessivePronounIsTheTradesWord() {
            assertUnroutedWithTheAliasesAlone("how much does a crm system cost for a small business");
            assertUnroutedWithTheAliasesAlone("our crm rollout costs");
            assertReadAloneAndNotIn("what is the nvda data center revenue", "NVDA", List.of());
            assertReadAloneAndNotIn("crm revenue growth fy25", "CRM", List.of());
        }

        @ParameterizedTest
        @CsvSource({"varex medical segment revenue 2023, VREX", "cerence professional services revenue fy23, CRNC",
            "phenixfin nav per share, PFX", "hovnanian land-light lot option deposits, HOV",
            "does semileds still have a going concern warning, LEDS"})
        void aSmallListingsCoinedNameThatOpensTheQuestionNamesItWithItsBusinessWithinSixWords(String question, String ticker) {
            // not a word other issuers' titles hold too (CryptoBlox, Bit Crypto...; PhenixFIN's notes are PhenixFIN's), nor
            // with no word of business after it, nor with one seven words on
            assertReadAloneAndNotIn(question, ticker, List.of("crypto exposure of regional banks", "varex and the old town",
                    "hovnanian and the old town of the armenian quarter restaurants"));
        }

        @ParameterizedTest
        @CsvSource({"blue buffalo pet food sales, GIS", "slim jim meat snacks volume trends, CAG",
            "jimmy dean sausage sales, TSN"})
        void aListedProductOfWordsInLowerCaseAtTheHeadNamesItsCompanyWithItsBusinessWithinThreeWords(String question, String ticker) {
            // not before its business ("a blue buffalo grazing"), nor words English compounds or that end in a line of
            // business ("whole foods diet trends", "combined insurance premiums rose")
            assertReadAloneAndNotIn(question, ticker, List.of("a blue buffalo grazing near the pet food aisle",
                    "whole foods diet trends", "red hat society membership fees"));
        }

        @ParameterizedTest
        @CsvSource({"qtl licensing revenues fy2023, QCOM", "qtl cdma royalties, QCOM", "qtl revenue, QCOM"})
        void aListedAbbreviationOpeningTheQuestionInLowerCaseIsReadRightBeforeItsBusiness(String question, String ticker) {
            // right before a word of business, a word English compounds with before another one, or the trade's jargon
            // before one; not another English word before one ("aws migration costs")
            assertReadAloneAndNotIn(question, ticker, List.of("aws migration costs for a small business", "qtl mapping studies"));
        }

        @ParameterizedTest
        @CsvSource({"qtl licensing and patent royalties, QCOM", "does qtl expect licensing revenue to grow, QCOM"})
        void aListedAbbreviationOpeningTheQuestionInLowerCaseIsReadBeforeItsBusinessWithinFourWords(String question, String ticker) {
            // after an auxiliary that opens the question too; not an abbreviation the trade writes ("aws"), nor before
            // words of no business
            assertReadAloneAndNotIn(question, ticker, List.of("aws migration costs for a small business", "qtl mapping studies",
                    "qtl analysis of crop yield genes"));
        }

        @ParameterizedTest
        @CsvSource({"hzo same-store sales fy23, HZO", "sgu customer attrition fy22, SGU"})
        void aSmallerListingsTickerInLowerCaseIsReadAtTheHeadOfTheQuestionBeforeItsBusiness(String question, String ticker) {
            // MarineMax ranks 3,157, Star Group 3,437; not the trade's words ("ngl" natural gas liquids, "bess" battery
            // storage)
            assertReadAloneAndNotIn(question, ticker, List.of("ngl prices 2024", "bess revenue growth"));
        }

        @ParameterizedTest
        @CsvSource({"mccafe sales trends, MCD", "cafe bustelo pricing, SJM", "citroen volumes in europe, STLA"})
        void aListedNameWrittenWithAccentsIsReadTypedWithout(String question, String ticker) {
            assertReadAloneAndNotIn(question, ticker, List.of("cafe prices in paris"));
        }

        @Test
        void bdcIsTheTradesBusinessDevelopmentCompanyNotBeldensTicker() {
            assertUnroutedAlone("bdc nav per share calc, what goes into it");
            assertUnroutedAlone("BDC non-accruals across the sector");
        }

        @ParameterizedTest
        @CsvSource({"737 max production rate, BA", "f-35 sustainment revenue, LMT", "epyc server share gains, AMD"})
        void aListedNameWithFiguresOrAFourLetterWordInCapitalsIsReadInLowerCase(String question, String ticker) {
            // initials stay read in capitals alone ("aws" is the trade's word as often as Amazon's)
            assertReadAloneAndNotIn(question, ticker, List.of("aws migration costs for a small business",
                    "max production rate of a small factory"));
        }

        @ParameterizedTest
        @CsvSource({"twsit bioscience revenue growth, TWST", "spectum brands global pet care margins, SPB"})
        void aMistypedNameOfTwoWordsIsReadOfEveryListingWhenTheMistypedWordIsNoWord(String question, String ticker) {
            // not two letters typed for others ("do biotech" is no IO Biotech)
            assertReadAloneAndNotIn(question, ticker, List.of("how do biotech companies fund trials before they have revenue"));
        }

        @ParameterizedTest
        @CsvSource({"compass minerals salt volumes after the mild winter, CMP", "suburban propane gallons sold fy22, SPH"})
        void aSmallerListingsLeadingPairNamesItAsTheQuestionsSubjectWithTheDirectoryAlone(String question, String ticker) {
            // not a pair that ends in a kind of place (Permian Basin Royalty Trust), nor outside the question's subject
            assertReadAloneAndNotIn(question, ticker, List.of("permian basin production growth",
                    "how does a compass minerals kit help geology students"));
        }

        @ParameterizedTest
        @CsvSource({"nnvc cash burn, NNVC", "ocsl portfolio at fair value, OCSL", "pflt weighted average yield on debt, PFLT"})
        void anyListingsTickerOfFourLettersInLowerCaseThatOpensTheQuestionIsRead(String question, String ticker) {
            // not a word of the trade (ASIC, DeFi Technologies, Pan American Silver), nor before a function word, nor inside
            assertReadAloneAndNotIn(question, ticker, List.of("asic demand from hyperscalers", "defi volumes in 2024",
                    "paas pricing pressure", "nnvc and other tickers", "what is the pflt"));
            assertReadAloneAndNotIn("agnco eagle mines revenue growth", "AEM", List.of());
        }

        @Test
        void aClippedWordOfTheTradeInLowerCaseIsTheTrades() {
            // "crypto" at the end of a question about its accounting is the assets, not Crypto Co; named whole, the company
            assertUnroutedAlone("digital asset treasury companies fair value accounting for crypto");
            assertRoutedAloneTo("crypto co revenue", "CRCW");
        }

        @ParameterizedTest
        @CsvSource({"kirkland signature penetration, COST", "oscar mayer divestiture talk, KHC", "see & spray rollout, DE",
            "what are fraser yachts brokerage fees, HZO", "rbi tim hortons same store sales, QSR"})
        void aListedProductNameEnglishWouldNotWriteIsReadInLowerCaseWhereverItStands(String question, String ticker) {
            // a word no English list holds, an ampersand or figures mark a name; names of English words alone are read only
            // at the head before their business, and a marked name before the body it names is that body
            assertReadAloneAndNotIn(question, ticker, List.of("old navy uniforms cost for sailors",
                    "head and shoulders pattern reliability in equity charts", "gorilla glass enclosure costs at the zoo",
                    "legg mason society annual dues"));
        }

        @Test
        void aPlaceBeforeAStatesNameIsThePlaceNotTheCompanyNamedAlike() throws Exception {
            // Washington Federal's first word, and Spire's utility in Missouri
            Catalog bench = AnalystRoutingTest.benchCatalog();
            assertThat(router.route("apple orchard yields in washington state 2023", RouteHints.NONE, bench).issuers()).isEmpty();
            assertThat(router.route("columbia missouri housing starts", RouteHints.NONE, bench).issuers()).isEmpty();
            assertThat(router.route("spire missouri utility margins 2023", RouteHints.NONE, bench).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("SR");
            assertThat(router.route("washington federal net interest margin", RouteHints.NONE, bench).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("WAFD");
        }

        @Test
        void afterAnArticleOrPossessiveASmallListingsNameOfEnglishWordsIsThoseWords() {
            // Direct Digital Holdings (rank 6,696)
            assertUnroutedAlone("our direct digital sales grew 8% in fy24");
            assertUnroutedAlone("what is a direct digital channel");
            assertRoutedAloneTo("direct digital holdings revenue 2023", "DRCT");
        }

        @Test
        void aUnitAfterItsAmountIsNoCompany() {
            // Tesla, HP and Celsius are names, and units of measure after a number; a year before a name is no amount
            assertUnroutedAlone("3 tesla mri installs vs 1.5T in outpatient imaging");
            assertUnroutedAlone("1500 hp rigs vs 2000 hp rigs dayrate gap");
            assertUnroutedAlone("2 degrees celsius scenario analysis in climate risk disclosures");
            assertRoutedAloneTo("2024 tesla deliveries", "TSLA");
            assertRoutedAloneTo("celsius energy drink sales", "CELH");
        }

        @Test
        void aLongEnglishWordOneEditFromACoinedCorpusNameIsItMistypedAtTheHeadOfTheQuestionBeforeItsBusiness() throws Exception {
            // Symbotic is in the corpus; Generac is one edit from "general" but that is shorter than eight letters
            Catalog bench = AnalystRoutingTest.benchCatalog();
            Route route = router.route("symbiotic revenue growth fy24", RouteHints.NONE, bench);
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly("SYM");
            assertThat(route.explanation()).contains("name typo");
            assertThat(router.route("symbiotic relationships between banks and fintechs", RouteHints.NONE, bench).issuers()).isEmpty();
            assertThat(router.route("general revenue trends for state budgets", RouteHints.NONE, bench).issuers()).isEmpty();
            // a word names are made of between it and its business
            assertThat(router.route("symbiotic systems backlog", RouteHints.NONE, bench).issuers()).extracting(Route.Issuer::ticker)
                    .containsExactly("SYM");
            assertThat(router.route("symbiotic systems in nature", RouteHints.NONE, bench).issuers()).isEmpty();
        }

        @Test
        void aTypoOfAWordTwoFilersNamesShareIsTheLargestListingsAsTheDirectoryAloneReadsIt() throws Exception {
            // Johnson & Johnson and Johnson Controls both file in the bench corpora: "johnson" is J&J's, and so is its slip
            Catalog bench = AnalystRoutingTest.benchCatalog();
            for (Catalog catalog : List.of(bench, AnalystRoutingTest.directoryAlone())) {
                assertThat(router.route("jonhson medtech growth 2024", RouteHints.NONE, catalog).issuers())
                        .extracting(Route.Issuer::ticker).containsExactly("JNJ");
                assertThat(router.route("jonhson controls hvac orders", RouteHints.NONE, catalog).issuers())
                        .extracting(Route.Issuer::ticker).containsExactly("JCI");
            }
        }

        @Test
        void aPlaceThatOnlyBeginsANameIsThePlaceUnlessTheQuestionIsAboutTheCompany() throws Exception {
            // the Tennessee Valley Authority is in the corpus
            Catalog bench = AnalystRoutingTest.benchCatalog();
            assertThat(router.route("outlook for tennessee electricity demand from data centers", RouteHints.NONE, bench).issuers())
                    .isEmpty();
            assertThat(router.route("tennessee valley authority coal plant retirements", RouteHints.NONE, bench).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("TVE");
        }

        @Test
        void aPlaceBeforeStateIsTheStateWhateverFollows() throws Exception {
            // "yoy" is a word of business, but "washington state yoy" is still the state (Washington Federal is in the corpus)
            Catalog bench = AnalystRoutingTest.benchCatalog();
            assertThat(router.route("apple orchard acreage in washington state yoy", RouteHints.NONE, bench).issuers()).isEmpty();
            assertThat(router.route("washington state revenue forecast 2024", RouteHints.NONE, bench).issuers()).isEmpty();
        }

        @ParameterizedTest
        @CsvSource({"H&P super-spec rig utilization, HP", "h&p international solutions segment loss, HP",
                "what did L&P say about steel rod demand, LEG", "F&D new warehouse store openings 2024, FND"})
        void twoLettersAroundAnAmpersandAreTheInitialsOfANameOfTwoWordsJoinedSo(String question, String ticker) {
            // Helmerich & Payne, Leggett & Platt, Floor & Decor: of the 3,000 largest listings, no two such names share letters
            Route route = assertRoutedAloneTo(question, ticker);
            assertThat(route.explanation()).contains("initials of name");
        }

        @ParameterizedTest
        @CsvSource({"azure rev growth fy24, MSFT", "aws op income 2024, AMZN", "target sss trend, TGT"})
        void analystsShorthandForAMetricIsAWordOfBusiness(String question, String ticker) {
            // revenue, operating, same-store sales: an English name before them is the company's
            Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly(ticker);
        }

        @ParameterizedTest
        @CsvSource({"gorilla glass demand softness in specialty materials, GLW", "ditch witch underground construction demand, TTC",
                "jimmy dean / hillshire prepared foods margins, TSN", "tide pods / fabric care organic growth, PG",
                "boss revolution minutes decline, IDT", "vintage stock segment revenue fy22, LIVE",
                "panther fusion system placements 2023, HOLX"})
        void aListedProductOfEnglishWordsIsReadBeforeWhatIsMeasuredOfIt(String question, String ticker) {
            // its demand, or its business four words on
            Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly(ticker);
        }

        @Test
        void aPluralsApostropheIsItsPossessive() {
            // "wells" of Wells Fargo, possessive as "wells's" would be
            Route route = assertRoutedAloneTo("wells' asset cap disclosure", "WFC");
            assertThat(route.explanation()).contains("wells");
            assertUnroutedAlone("how did investors' expectations for bank margins change");
            assertThat(NameTokens.tokenize("wells' cap").get(0).possessive()).isTrue();
            assertThat(NameTokens.tokenize("wells cap").get(0).possessive()).isFalse();
        }

        @ParameterizedTest
        @CsvSource({"combat arms hearing claims settlement, MMM", "pa consulting minority stake costs 2024, J"})
        void aListedNameOfEnglishWordsIsReadBeforeACompoundingWordOfBusinessThatEndsTheQuestion(String question, String ticker) {
            // "settlement" and "costs" compound with the word before them; past the word right after the name they are its
            // business where the question ends or a year follows, not where it goes on
            assertReadAloneAndNotIn(question, ticker, List.of("old navy uniforms cost for sailors",
                    "old navy ship repair costs in wartime"));
        }

        @ParameterizedTest
        @CsvSource({"semileds related party transactions with the chairman, LEDS", "hovnanian senior notes refinancing, HOV",
            "neuroone spinal cord stimulation electrode program, NMTC"})
        void aSmallListingsCoinedNameThatIsTheQuestionsFirstWordNamesItBeforeAnyWordOfItsBusiness(String question, String ticker) {
            // the first word, and a word of its own after it: not after an auxiliary, nor before "and" or another word
            // that joins
            assertReadAloneAndNotIn(question, ticker, List.of("what does zedge mean in slang", "varex and the old town",
                    "did nanoviricides exist in 1990", "hovnanian or armenian surnames"));
        }

        @ParameterizedTest
        @CsvSource({"how did nanoviricides fund its cash runway in 2023, NNVC", "does digerati still have going concern doubt, DTGI"})
        void aSmallListingsCoinedNameAfterTheAuxiliaryThatOpensTheQuestionIsReadBeforeItsBusiness(String question, String ticker) {
            // as where it opens the question: a word of business within four words after it
            assertReadAloneAndNotIn(question, ticker, List.of("what does zedge mean in slang", "did nanoviricides exist in 1990"));
        }

        @Test
        void aSmallListingsCoinedNameThatIsAllBeforeAColonOpeningTheQuestionIsItsTopic() {
            // a small listing's coined name, though no word of business follows; not names of English words ("national
            // healthcare" is NHC's, and a topic of its own)
            assertRoutedAloneTo("briacell: how much did the warrant liability swing", "BCTX");
            assertUnroutedWithTheAliasesAlone("briacell and nanoviricides: which is older");
            assertUnroutedWithTheAliasesAlone("national healthcare: how would single-payer change hospital margins");
            assertUnroutedWithTheAliasesAlone("star group: what share of customers are on price-protected plans");
            assertUnroutedWithTheAliasesAlone("cost of capital: allowed ROE for gas utilities");
            assertUnroutedWithTheAliasesAlone("context: how do rates affect banks");
        }

        @Test
        void aFilingsOwnAbbreviationInLowerCaseAfterHowMuchAndItsAuxiliaryOpensTheQuestion() throws IOException {
            assertRoutedWithTheAliasesAloneTo("how much did aws operating margin expand in 2024", "AMZN");
            assertUnroutedWithTheAliasesAlone("how much did aws migration cost a small business");
            assertUnroutedWithTheAliasesAlone("how many aws operating margin points");
            assertUnroutedAloneAndWithTheBenchCatalog("does hpc demand keep rising");
            assertUnroutedAloneAndWithTheBenchCatalog("how much did hpc demand grow in 2024");
        }

        @Test
        void aLongEnglishWordBeforeAWordNamesAreMadeOfIsALargeListingsCoinedNameMistypedWithTheDirectoryAlone() {
            // Symbotic (rank 463); not before its business alone, where the English word is meant ("nutrient prices" is no
            // Nutrien)
            assertReadAloneAndNotIn("symbiotic technologies revenue growth", "SYM", List.of("nutrient prices 2024",
                    "nutrient management plans", "symbolic gestures in earnings calls", "symbiotic relationships in biotech"));
        }

        @Test
        void financesTermsOfLettersAndAnAmpersandAreOneWordOfBusiness() {
            // "r&d" four words after a small listing's coined name that opens the question is its business, as "rd" is; as
            // three tokens, the word of business came too late
            assertRoutedAloneTo("zedge gurushots app r&d spend", "ZDGE");
            assertThat(NameTokens.tokenize("R&D and SG&A vs S&P").stream().map(NameTokens.Token::norm))
                    .containsExactly("r&d", "and", "sg&a", "vs", "s", "and", "p");
            assertThat(NameTokens.tokenize("r & d").stream().map(NameTokens.Token::norm)).containsExactly("r", "and", "d");
        }

        @Test
        void aListedProductOfOneEnglishWordIsReadBeforeALineOfItsBusiness() {
            Route route = router.route("snapdragon automotive revenue 2024", RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly("QCOM");
            assertUnroutedWithTheAliasesAlone("snapdragon flowers in spring gardens");
            assertUnroutedWithTheAliasesAlone("snapdragon automotive");
            // AI is a line of business as the cloud is: "azure ai services" as "azure cloud revenue"
            assertRoutedWithTheAliasesAloneTo("azure ai services contribution", "MSFT");
            assertUnroutedWithTheAliasesAlone("azure ai");
        }

        @Test
        void aListedProductIsReadBeforeItsBrandAndAProductsPrice() {
            // "brand" after a product's name is what the name is, as "automotive" is a line of its business; a price is
            // measured of a product as its demand is
            assertRoutedWithTheAliasesAloneTo("snapdragon brand revenue", "QCOM");
            assertRoutedWithTheAliasesAloneTo("gorilla glass price increase", "GLW");
            assertUnroutedWithTheAliasesAlone("store brand pricing");
            assertUnroutedWithTheAliasesAlone("premium brand pricing power");
            assertUnroutedWithTheAliasesAlone("snapdragon flowers price at the market");
        }

        @Test
        void aListedDesignationIsReadInAnyCaseAndWithItsVariantsLetter() {
            // letters and figures a hyphen joins are no English, whatever the article before them or the case of their
            // one letter; a variant's letter after the figures ("KC-46A") is the list's product still
            assertRoutedWithTheAliasesAloneTo("the f-35 program margins", "LMT");
            assertRoutedWithTheAliasesAloneTo("did the t-7a trainer program take more charges in 2024", "BA");
            assertRoutedWithTheAliasesAloneTo("kc-46a tanker forward loss charges", "BA");
            assertRoutedWithTheAliasesAloneTo("F-35A deliveries slip", "LMT");
            assertUnroutedWithTheAliasesAlone("f-350 super duty pricing");
            assertUnroutedWithTheAliasesAlone("a t-bill ladder for corporate cash");
        }

        @Test
        void regionsThatAndJoinsBetweenANameAndItsBusinessAreSkippedAsOneIs() throws IOException {
            // as "sbux china comps" skips its one region: "north america and china" is where the business is
            assertRoutedWithTheAliasesAloneTo("converse north america and china revenue decline", "NKE");
            assertRoutedWithTheAliasesAloneTo("converse north america revenue", "NKE");
            assertUnroutedWithTheAliasesAlone("converse north america and china");
            assertUnroutedWithTheAliasesAlone("the converse of north america and china revenue");
            assertUnroutedAloneAndWithTheBenchCatalog("prime europe brokerage fees");
        }

        @Test
        void aListedProductOfNounsBeforeAKindOfCompanyIsAName() {
            // English writes no such phrase in lower case, as it writes "combined insurance": CVS's clinics, Live Ventures'
            // carpet maker, at the head of the question before their business
            assertRoutedWithTheAliasesAloneTo("oak street health clinic count", "CVS");
            assertRoutedWithTheAliasesAloneTo("marquis industries carpet sales", "LIVE");
            assertUnroutedWithTheAliasesAlone("combined insurance premiums in the us");
            assertUnroutedWithTheAliasesAlone("an oak street with health clinics");
            // inside a question the words are English's: not the benchmark of Actelis, Actinogen or anyone's "Benchmark Energy"
            assertUnroutedWithTheAliasesAlone("european benchmark energy prices");
        }

        @ParameterizedTest
        @CsvSource({"pampers diaper pricing vs private label, PG", "browns ferry nuclear plant, TVE",
                "hemlock semiconductor polysilicon stake, GLW", "mountaineer gas west virginia rate case, UGI"})
        void aListedProductBeforeAWordOfTheListsNoteOnItIsThatProduct(String question, String ticker) {
            // the list's note on Pampers is "P&G diapers", on Browns Ferry "TVA nuclear plant": the word right after the
            // name at the head of the question says the name is the product, though English has "pampers"; not a word of
            // the note elsewhere, after a comma, inside the question or after a capitalised word, one any product's note
            // has ("brand"), nor for a product of one English word another than the note's last ("windows systems" of
            // Windows, "operating system licensing"; "athletic sports" of The Athletic, "New York Times sports site")
            assertReadAloneAndNotIn(question, ticker, List.of("mother pampers the baby with new diapers",
                    "pampers, diapers and wipes: private label share", "supercharger kits",
                    "do casual-dining chains still serve good food",
                    "athletic sports apparel demand in china", "windows systems demand after hurricanes",
                    "replacement windows systems demand after hurricanes", "Pella Windows systems revenue",
                    "skincare brands promising clean and clear skin", "european benchmark energy gas prices"));
        }

        @Test
        void aListedProductOfEnglishWordsIsThatProductWithAWordOfWhatItIsBetween() {
            // the note on Minute Maid is "Coca-Cola juice": "orange juice" after the name is what it is, as "juice" right
            // after it would be; not for a name of one English word, whose next word must be what it is (Surface is
            // "devices line", Pampers "P&G diapers")
            assertRoutedWithTheAliasesAloneTo("minute maid orange juice concentrate cost inflation", "KO");
            assertUnroutedWithTheAliasesAlone("surface water line replacement costs");
            assertUnroutedWithTheAliasesAlone("pampers the baby diapers");
        }

        @Test
        void aListedProductOfOneRareEnglishWordIsReadWithItsBusinessAWordOn() {
            // English has "snapdragon" and "supercharger", but only its larger list does: a question that goes on to its
            // business is the product's, as it is with a name a filing taught
            assertRoutedWithTheAliasesAloneTo("supercharger network revenue 2024", "TSLA");
            assertRoutedWithTheAliasesAloneTo("snapdragon modem shipments fy24", "QCOM");
            // the flower, no business after it, a function word first, two words or more before the business ("pixel art",
            // "sprite sheet" are English the lists miss), and a listed product of a word everyday English has
            assertUnroutedWithTheAliasesAlone("snapdragon flowers in spring gardens");
            assertUnroutedWithTheAliasesAlone("supercharger kits");
            assertUnroutedWithTheAliasesAlone("snapdragon in the garden sales");
            assertUnroutedWithTheAliasesAlone("pixel art indie game revenue");
            assertUnroutedWithTheAliasesAlone("sprite sheet asset pipeline costs");
            assertUnroutedWithTheAliasesAlone("threads of yarn price inflation");
        }

        @ParameterizedTest
        @ValueSource(strings = {"business travelers demand recovery for airlines", "steel rod demand from construction",
                "gold demand in india 2024", "how do collectors price vintage stock certificates",
                "combined insurance premiums in the us"})
        void demandAfterACompanysEnglishNameIsTheEnglishWords(String question) {
            assertUnroutedWithTheAliasesAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"digital realty data center leasing, DLR", "federal realty occupancy 2024, FRT",
                "northern trust assets under custody, NTRS"})
        void aRealEstateTrustIsNamedWithoutItsTrust(String question, String ticker) {
            // Digital Realty Trust, Federal Realty Investment Trust; Northern Trust keeps its "trust"
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @CsvSource({"ultra beauty comp sales fy23, ULTA", "general mils margin 2024, GIS", "home deport comps, HD"})
        void aNameMistypedIntoEnglishWordsIsReadAtTheHeadOfTheQuestionBeforeItsBusiness(String question, String ticker) {
            Route route = assertRoutedAloneTo(question, ticker);
            assertThat(route.explanation()).contains("name typo");
            assertUnroutedAlone("ultra beauty trends among gen z shoppers");
            assertUnroutedAlone("how big is the digital reality market");
        }

        @Test
        void aCoinedWordOfANameTellsWhichOfItsNamesakesAnEnglishWordMistypedIs() {
            // Gladstone Capital, not Gladstone Investment, Commercial or Land; "capitol" is an English word
            Route route = assertRoutedAloneTo("gladstone capitol net investment income per share fy23", "GLAD");
            assertThat(route.explanation()).contains("name typo");
            assertUnroutedAlone("digital reality headsets for training");
        }

        @ParameterizedTest
        @ValueSource(strings = {"m&a pipeline for regional banks", "r&d tax credit changes 2023", "b&b occupancy rates in maine",
                "e&p capex discipline across shale", "d&o insurance premiums", "what is the c&i loan growth at community banks"})
        void anAmpersandAbbreviationOfTheTradeNamesNoIssuer(String question) {
            // Brown & Brown (b&b) and Church & Dwight (c&d) have these letters too; finance writes them for itself
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"hovnanain contract backlog 2023, HOV", "nanoviracides cash runway, NNVC", "digeratti going concern doubt, DTGI",
            "brightvew maintenance revenue 2023, BV", "marinemx dealership revenue, HZO"})
        void aSmallListingsLongCoinedNameMistypedInsideNamesItAsTheQuestionsSubjectWithTheDirectoryAlone(String question,
                String ticker) {
            // a name coined from two English words too (BrightView, MarineMax); but the typed word is not a word of the trade
            // made of two English ones ("hyperscaler", "stablecoin": Hyperscale Data, StableCoinX),
            // nor one with another ending ("inhibitory" of Inhibitor Therapeutics, "tantalum" of Tantalus Systems)
            assertReadAloneAndNotIn(question, ticker, List.of("hyperscaler capex growth forecast", "stablecoin market growth 2024",
                    "inhibitory signals in the trial", "tantalum supply outlook"));
        }

        @ParameterizedTest
        @CsvSource({"sabizabulin covid eua 2022, VERU", "what did fairlife growth look like, KO",
            "zerust joint venture sales fy23, NTIC", "Zerust sales, NTIC", "geico policies in force, BRK-B"})
        void aListedNameInLowerCaseOrAWordInCapitalsIsReadInAnyCaseWhereverItStands(String question, String ticker) {
            // a drug's international name or a brand styled in lower case is written as its owner writes it; a brand
            // written in capitals that is a word ("ZERUST", "GEICO") is no set of initials, which stay read in capitals
            // alone ("aws" is the trade's word as often as Amazon's)
            assertReadAloneAndNotIn(question, ticker, List.of("aws migration costs for a small business",
                    "the ecommerce share of retail sales"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"wearing a red hat to the derby", "blackwell fields near the river",
            "the gorilla glass enclosure at the zoo", "Progress energy transition funding", "Combined insurance premiums rose"})
        void aProductOfEnglishWordsInLowerCaseIsTheProductOnlyAtTheHeadBeforeItsBusiness(String question) {
            assertUnroutedWithTheAliasesAlone(question);
        }

        @ParameterizedTest
        @ValueSource(strings = {"Mekong Delta rice exports", "Silicon Valley salaries vs cost of living",
            "Atlantic City casino revenue trends", "Amazon rainforest carbon credits", "does the Gulf Stream cut fuel costs"})
        void aKindOfPlaceNamedByTheWordBeforeItIsThatPlace(String question) {
            // Delta Air Lines, Valley National, City Holding, Amazon, and not Gulfstream (General Dynamics) written apart
            assertUnroutedWithTheAliasesAlone(question);
        }

        @Test
        void aQuestionInTitleCaseWritesItsArticleInCapitalsAsEveryWord() throws java.io.IOException {
            Catalog catalog = AnalystRoutingTest.benchCatalog();
            assertThat(router.route("Blue Chip Stocks For A Retirement Portfolio", RouteHints.NONE, catalog).issuers()).isEmpty();
            // Agilent's A alone, in a question not in title case, is still its ticker
            assertThat(router.route("what did A say about its pharma demand", RouteHints.NONE, catalog).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("A");
            assertThat(IssuerReader.inTitleCase("Blue Chip Stocks For A Retirement Portfolio")).isTrue();
            assertThat(IssuerReader.inTitleCase("Apple (AAPL) Revenue Outlook For 2025")).isFalse();
        }

        @Test
        void theAliasListSaysWhoseAProductIsWhereAFilingTaughtItToAnother() {
            // Warner Music's filings name YouTube among their own names; Alphabet's filings are not in the corpus
            Catalog catalog = AnalystRoutingTest.directoryAlone();
            catalog.add(TestCatalogs.commit("WMG", 1319161L, "Warner Music Group Corp.", 2023, "10-K", null, List.of("YouTube")));
            Route route = router.route("YouTube ads growth", RouteHints.NONE, catalog);
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly("GOOGL");
            // a name the filing taught its own issuer, which the list gives the same issuer, is still the filing's
            catalog.add(TestCatalogs.commit("NVDA", 1045810L, "NVIDIA CORP", 2025, "10-K", null, List.of("GeForce")));
            assertThat(router.route("GeForce demand", RouteHints.NONE, catalog).namedBy()).extracting(Route.Naming::how)
                    .containsExactly(Route.BY_LEARNED_ALIAS);
            // and the rules for the list's names read it: in lower case "legg mason" is still a name English would not write
            catalog.add(TestCatalogs.commit("BEN", 38777L, "FRANKLIN RESOURCES INC", 2023, "10-K", null, List.of("Legg Mason")));
            Route franklin = router.route("legg mason integration", RouteHints.NONE, catalog);
            assertThat(franklin.issuers()).as(franklin.explanation()).extracting(Route.Issuer::ticker).containsExactly("BEN");
            assertThat(franklin.namedBy()).extracting(Route.Naming::how).containsExactly(Route.BY_LEARNED_ALIAS);
        }

        @Test
        void twoNamesOfOneIssuerThatEnglishHasAreReadTogether() throws IOException {
            // Tyson Foods' filings teach "Ball Park" and "State Fair", phrases English has: alone each is English's ("a ball
            // park estimate"), two of one corpus issuer's names in one question are its brands
            Catalog catalog = AnalystRoutingTest.directoryAlone();
            catalog.add(TestCatalogs.commit("TSN", 100493L, "TYSON FOODS, INC.", 2023, "10-K", null,
                    List.of("Ball Park", "State Fair", "Jimmy Dean")));
            Route tyson = router.route("ball park and state fair brands volume in prepared foods", RouteHints.NONE, catalog);
            assertThat(tyson.issuers()).as(tyson.explanation()).extracting(Route.Issuer::ticker).containsExactly("TSN");
            assertThat(tyson.namedBy()).extracting(Route.Naming::words).containsExactly("ball park", "state fair");
            assertThat(tyson.namedBy()).extracting(Route.Naming::how).containsOnly(Route.BY_LEARNED_ALIAS);
            // a noun after a determiner or before its complement, a name run together as the index keys it, or said twice
            for (String english : List.of("ball park estimate of the state budget", "state fair attendance in iowa",
                    "ball park figure for the state fair of texas", "a ball park figure for state fair budgets",
                    "the ball park figure for state fair food sales", "ballpark estimate for iowa state fair attendance",
                    "ball park figures: how far off was the ballpark")) {
                Route route = router.route(english, RouteHints.NONE, catalog);
                assertThat(route.issuers()).as(english + ": " + route.explanation()).isEmpty();
            }
            // two products the alias list gives one corpus issuer; two words of English only where a list joins them
            Catalog bench = AnalystRoutingTest.benchCatalog();
            Route salesforce = router.route("slack and tableau contribution to subscription revenue", RouteHints.NONE, bench);
            assertThat(salesforce.issuers()).as(salesforce.explanation()).extracting(Route.Issuer::ticker).containsExactly("CRM");
            for (String english : List.of("repair and remodel demand for windows, doors and solid surface countertops",
                    "how much slack's left in the labor market, and does that slack show up in wages",
                    "service windows under the Surface Transportation Board reciprocal switching rule")) {
                Route route = router.route(english, RouteHints.NONE, bench);
                assertThat(route.issuers()).as(english + ": " + route.explanation()).isEmpty();
            }
            // an issuer outside the corpus is left to the rules for one name, which would name it and search nothing
            assertUnroutedWithTheAliasesAlone("slack and tableau contribution to subscription revenue");
        }

        @Test
        void aCorpusIssuersInitialsInCapitalsNameItWhereNoListingHasThemAsItsTicker() {
            Catalog catalog = AnalystRoutingTest.directoryAlone();
            catalog.add(TestCatalogs.commit("GMBL", 1451448L, "Esports Entertainment Group, Inc.", 2023, "10-K", null));
            catalog.add(TestCatalogs.commit("DIS", 1744489L, "The Walt Disney Company", 2023, "10-K", null));
            catalog.add(TestCatalogs.commit("UNH", 731766L, "UnitedHealth Group Incorporated", 2023, "10-K", null));
            Route esports = router.route("EEG going concern doubt", RouteHints.NONE, catalog);
            assertThat(esports.issuers()).extracting(Route.Issuer::ticker).containsExactly("GMBL");
            assertThat(esports.namedBy()).extracting(Route.Naming::detail).containsExactly("initials of name");
            assertThat(router.route("TWDC parks operating income", RouteHints.NONE, catalog).issuers()).extracting(Route.Issuer::ticker)
                    .containsExactly("DIS");
            // not initials in lower case, nor initials that are a listing's ticker (EEGI), nor an abbreviation of the trade
            assertThat(router.route("eeg going concern doubt", RouteHints.NONE, catalog).issuers()).isEmpty();
            assertThat(router.route("EEGI going concern doubt", RouteHints.NONE, catalog).issuers()).extracting(Route.Issuer::ticker)
                    .doesNotContain("GMBL");
            // initials written with the legal form's, as a listing was once written: Air Products and Chemicals, Inc. is APCI;
            // The Walt Disney Company has no such form
            catalog.add(TestCatalogs.commit("APD", 2969L, "AIR PRODUCTS & CHEMICALS, INC.", 2023, "10-K", null));
            assertThat(router.route("APCI capex guidance fy2023 and project backlog", RouteHints.NONE, catalog).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("APD");
            assertThat(router.route("TWDCC parks operating income", RouteHints.NONE, catalog).issuers()).isEmpty();
            // a name of two words and "Inc" ("HHI") has initials as likely any other company's
            assertThat(NameTokens.initialsWithLegalForm("AIR PRODUCTS & CHEMICALS, INC.")).contains("apci");
            assertThat(NameTokens.initialsWithLegalForm("Hayward Holdings, Inc.")).isEmpty();
            assertThat(NameTokens.initialsWithLegalForm("The Walt Disney Company")).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"what is the target net leverage ratio for fy25", "a visa application backlog",
            "our progressive rollout of price increases"})
        void anEnglishWordAfterAnArticleOrAPossessivePronounIsTheNoun(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"intl paper containerboard pricing, IP", "toll bros backlog value, TOL", "nj resources customer growth, NJR",
            "czr digital segment ebitda, CZR",
            "whr north america pricing actions, WHR"})
        void aShortenedWordOfANameOrTheNextThousandsTickerAtTheHeadBeforeItsBusinessNamesTheIssuer(String question,
                String ticker) {
            assertRoutedAloneTo(question, ticker);
            // Boston Beer's SAM is not the possessive of a first name
            assertThat(routeWithDirectoryAlone("sam's club membership income growth").issuers())
                    .extracting(Route.Issuer::ticker).doesNotContain("SAM");
        }

        @Test
        void afterACueAnEnglishNameBeforeAWordThatCanOnlyBeANounIsPartOfANounPhrase() {
            assertThat(routeWithDirectoryAlone("how do visa restrictions affect hiring of foreign engineers").issuers())
                    .extracting(Route.Issuer::ticker).doesNotContain("V");
            assertUnroutedAlone("is progressive taxation good for growth");
            // a verb or an adjective after it keeps the company
            assertRoutedAloneTo("how does visa make money from cross-border volume", "V");
            assertRoutedAloneTo("is apple profitable in china", "AAPL");
            assertRoutedAloneTo("what did apple say about services", "AAPL");
        }

        @Test
        void aPlacesFirstWordThatIsATickerIsTheTickerBeforeItsBusiness() {
            assertRoutedAloneTo("san revenue growth", "SAN");
        }

        @Test
        void twoEnglishWordsOfACompoundInsideTheQuestionAreTheCompound() {
            // "fuel cell" is FuelCell Energy's name run together, and an English compound
            assertRoutedAloneTo("how is bloom doing on fuel cell backlog", "BE");
        }

        @Test
        void aQuarterInLowerCaseIsNoCompanyName() {
            // Q2 Holdings, Inc. is listed; "q2" is the second quarter
            Route route = routeWithDirectoryAlone("doordash gov growth q2");
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly("DASH");
        }

        @ParameterizedTest
        @CsvSource({"tysons chicken segment margin, TSN", "hersheys cocoa costs, HSY", "nvidias data center revenue, NVDA"})
        void aPossessiveTypedWithoutItsApostropheNamesTheIssuer(String question, String ticker) {
            Route route = assertRoutedAloneTo(question, ticker);
            assertThat(route.namedBy().get(0).detail()).contains("without its apostrophe");
        }

        @ParameterizedTest
        @ValueSource(strings = {"ethos of the company", "kudos to management on revenue growth", "analytics revenue growth",
            "lyons revenue growth", "the basics of revenue recognition"})
        void anEnglishWordOrAStemNoNameHoldsEndingInSNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"micron hbm revenue, MU", "what is micron's hbm revenue, MU", "carrier revenue growth 2024, CARR"})
        void theEnglishFirstWordOfALargeIssuersNameNamesItAtTheHeadOfABusinessQuestion(String question, String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"wireless carrier revenue trends", "Delta hedging costs for options market makers",
            "delta hedging costs for options market makers", "a micron of dust", "Carrier fees for freight rose",
            "tariffs on steel revenue"})
        void theEnglishFirstWordOfALargeIssuersNameAfterAnotherWordOrWithoutBusinessNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @ValueSource(strings = {"united states tariffs on steel revenue", "public service obligations of utilities",
            "new zealand dollar exposure"})
        void leadingCommonWordsOfADirectoryTitleNameNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"procter gamble organic sales, PG", "johnson johnson talc reserve, JNJ", "air products hydrogen capex, APD",
            "honeywell quarterly orders, HON", "american express card member spending, AXP",
            "target comparable sales decline, TGT", "block gross profit from cash app, XYZ", "DIS streaming losses, DIS",
            "factset organic growth, FDS"})
        void namesWithoutTheirConnectorsOrInLowerCaseNameTheirIssuerInTheDirectory(String question, String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @CsvSource({"us bancorp fee income, USB", "Rush Enterprises dealership revenue, RUSHA", "the southern company rate base, SO",
            "Eli Lilly and Company revenue by product, LLY", "T-Mobile postpaid churn, TMUS", "t-mobile's fiber plans, TMUS"})
        void titlesMeetTheNamesPeopleWriteWithoutStateWordsCountryTagsOrAbbreviatedLegalForms(String question, String ticker) {
            // US BANCORP DE, RUSH ENTERPRISES INC TX, SOUTHERN CO, ELI LILLY & Co, T-Mobile US, Inc.
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @CsvSource({"dollar general shrink impact on gross margin, DG", "amazon kuiper capex, AMZN", "oracel cloud revenue, ORCL"})
        void functionWordsNameNobodyJargonBeforeABusinessWordKeepsTheContextAndAnEnglishNamesTypoNeedsIt(String question,
                String ticker) {
            // "on" is On Holding's name; "kuiper" is no English word; "oracle" is one, so its typo counts before "cloud revenue".
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"general motors of growth in emerging markets", "the target of the probe was revenue",
            "on gross margin the story is mixed", "an oracel at delphi"})
        void anEnglishNameFollowedByOfOrAFunctionWordOrATypoWithoutBusinessNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"GS investment banking fees, GS", "2024 GS investment banking fees, GS", "KO volume growth, KO", "BP upstream production, BP", "SU production guidance, SU", "GD's backlog, GD"})
        void aTwoLetterTickerOfAVeryLargeListingBeforeABusinessWordIsThatTickerNotASmallerListingsName(String question,
                String ticker) {
            // SU is also SU Group's name, GDS is GDS Holdings' ticker: the larger listing's ticker wins.
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @CsvSource({"minnesota mining pfas liabilities 2023, MMM", "amerisourcebergen specialty distribution growth, COR",
            "SGH memory solutions revenue, PENG", "medley capital nav per share 2022, PFX"})
        void aFormerNameOrTickerOfTheBuiltInListsNamesItsCompany(String question, String ticker) {
            // former-names.csv and former-tickers.csv; a former name of English words elsewhere than at the head of the question
            // is those words
            assertReadAloneAndNotIn(question, ticker, List.of("square footage growth for self storage supply 2025",
                    "is there a medley capital of the arts"));
        }

        @ParameterizedTest
        @CsvSource({"star gas revenue fy23, SGU", "Star Gas heating oil volumes fy23, SGU", "star gas's customer attrition, SGU"})
        void aBuiltInFormerNameIsReadWithoutTheWordThatOnlySaysWhatKindOfFirmItWas(String question, String ticker) {
            // Star Gas Partners, Star Group since 2017, as a corpus issuer's own former name is read; not where its words
            // are English's ("star gas giant planets")
            assertReadAloneAndNotIn(question, ticker, List.of("star gas giant planets", "red giant star gas clouds"));
        }

        @Test
        void aFormerNameSaysSoInTheRoutesExplanation() {
            Route route = router.route("minnesota mining pfas liabilities 2023", RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.namedBy()).extracting(Route.Naming::detail).containsExactly("former name (alias list)");
            assertThat(route.namedBy()).extracting(Route.Naming::how).containsExactly(Route.BY_ALIAS);
        }

        @ParameterizedTest
        @CsvSource({"NACG backlog 2023, NOA", "Amwell visits 2023, AMWL", "TMST steel shipments 2022, MTUS",
            "CGA fertilizer revenue, ENFY", "SWHC firearm sales, SWBI"})
        void theListsKnowTheShortFormsAndFormerTickersOfListingsPastTheThreeThousandLargest(String question, String ticker) {
            // written in the nineteenth pass's round of name-aliases.csv and former-tickers.csv
            Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly(ticker);
        }

        @ParameterizedTest
        @CsvSource({"FB capex 2024, META", "FB ad revenue growth, META", "fb capex guide for 2025 per the 10-k, META",
            "FB family of apps daily active people 2024, META", "FB 'year of efficiency' severance charges, META"})
        void aFormerTickerNoListingHoldsNowIsReadAsLargeAsTheListingItChangedInto(String question, String ticker) {
            // FB became META in 2022 (ticker_changes.csv); outside the corpus a two-letter ticker is read only for the very
            // largest listings before their business, in lower case too, and FB is as large as META. No listing's ticker
            // today, in capitals it is Meta's where it opens the question before a word that is no function word, whatever
            // its business.
            assertReadAloneAndNotIn(question, ticker, List.of("FB of the month", "the FB group chat", "how to run fb ads for a small business",
                    "FB", "small business ads on FB and IG", "fb family photos"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"GM trends by segment", "a 25 BP rate cut and deposit betas", "$5 BN revenue target", "EM revenue growth for consumer brands",
            "SO revenue growth slowed", "GS of the sector"})
        void twoLetterMetricAbbreviationsCommonWordsAndTickersWithoutBusinessNameNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @ValueSource(strings = {"apple prices at the farmers market", "visa costs for foreign workers", "amazon rates of deforestation"})
        void anEnglishNameBeforeAWordThatCompoundsWithAnyWordNamesNobody(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"apple tax rate fy2023, AAPL", "visa market share gains, V"})
        void anEnglishNameBeforeACompoundingWordAndAnotherBusinessWordNamesItsIssuer(String question, String ticker) {
            assertRoutedAloneTo(question, ticker);
        }

        @ParameterizedTest
        @ValueSource(strings = {"target operating model for a bank", "block trades in the options market",
            "american politics and markets", "CAT scan equipment makers margins"})
        void aCommonWordNamesALargeIssuerOnlyWhereTheQuestionGoesOnAboutItsBusiness(String question) {
            assertUnroutedAlone(question);
        }

        @ParameterizedTest
        @CsvSource({"mircosoft azure growth, MSFT", "NVDIA earnings, NVDA", "cotsco membership, COST"})
        void aTypoOfALargestListingNamesItWithoutACatalog(String question, String ticker) {
            Route route = assertRoutedAloneTo(question, ticker);
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC_TYPO);
        }

        @ParameterizedTest
        @CsvSource({"appied materials backlog, AMAT", "genral electric aerospace orders, GE", "strabucks same store sales, SBUX",
            "autzone commercial sales, AZO"})
        void aTypoInsideALongerNameOrInALongWordOfTheNextLargestListingsNamesItWithoutACatalog(String question, String ticker) {
            Route route = assertRoutedAloneTo(question, ticker);
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC_TYPO);
        }

        @ParameterizedTest
        @ValueSource(strings = {"digital reality headsets and ad revenue", "hyperscaler capex across the sector",
            "genai monetization across software"})
        void phrasesOfEnglishWordsAndJargonAreNoTypos(String question) {
            // DIGITAL REALTY TRUST is one edit from "digital reality", but every word of that is English.
            assertUnroutedAlone(question);
        }

        @Test
        void twoWordsRunTogetherOneEditFromTheWordsANameBeginsWithAreThatNameMistyped() {
            // "morgn" alone is one edit from Morgan Stanley's first word; "jp morgn" run together from JPMorgan
            Route route = assertRoutedAloneTo("jp morgn credit card charge-offs 2023", "JPM");
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC_TYPO);
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("JPM");
            assertThat(route("jp morgn credit card charge-offs 2023").issuers()).extracting(Route.Issuer::ticker).containsExactly("JPM");
            assertRoutedAloneTo("morgn stanley wealth management margins", "MS");
        }

        @ParameterizedTest
        @CsvSource({"john deer revenue by segment, DE", "what were john deer net sales in fy23, DE", "wal-mrt ecommerce losses, WMT"})
        void aPhraseOneEditFromAnEverydayNameOfTheAliasListIsThatNameMistyped(String question, String ticker) {
            // "john deere" and "wal mart" are the alias list's names, not the directory's (DEERE & CO, WALMART INC.)
            assertUnroutedAlone(question);
            Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly(ticker);
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC_TYPO);
            assertThat(route.namedBy()).extracting(Route.Naming::how).containsExactly(Route.BY_TYPO);
        }

        @ParameterizedTest
        @ValueSource(strings = {"health care reits cap rates", "enterprise product revenue growth", "cp rail volumes",
            "roof insurance premiums in florida", "pe group buyout multiples for software", "his and hers retirement accounts"})
        void aPluralAShortWordOrASmallListingOneEditFromANameOfTheAliasListIsNoTypo(String question) {
            // Health Care REIT, Enterprise Products, CN Rail, Root Insurance, PQ Group, Hims and Hers are the alias list's
            Route route = router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone());
            assertThat(route.issuers()).as(route.explanation()).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"duration mismatch at de novo banks with brokered deposit funding",
            "secondary guarantee universal life reinsurance recapture risk"})
        void aWordEnglishBorrowsInACompoundOrWritesWithAPrefixIsNoNameInsideTheQuestion(String question) throws IOException {
            // "de novo" is WordNet's compound though "novo" is no English word alone (Novo Nordisk); "reinsurance" is
            // "insurance" after "re" (Reinsurance Group of America)
            assertUnroutedAloneAndWithTheBenchCatalog(question);
            assertRoutedAloneTo("reinsurance group of america capital position", "RGA");
            assertRoutedAloneTo("novo nordisk wegovy supply", "NVO");
        }

        @Test
        void aCorpusIssuerMistypedAheadOfNamesOutsideTheCorpusIsTheQuestionsSubject() throws IOException {
            Catalog bench = AnalystRoutingTest.benchCatalog();
            // TKO's and GE's filings are not in the bench corpus: the question is Netflix's, Woodward's, set against them
            Route netflix = router.route("netlfix live sports rights cost, wwe raw deal", RouteHints.NONE, bench);
            assertThat(netflix.issuers()).extracting(Route.Issuer::ticker).as(netflix.explanation()).containsExactly("NFLX", "TKO");
            assertThat(netflix.namedBy()).extracting(Route.Naming::how).containsExactly(Route.BY_TYPO, Route.BY_PRODUCT_ALIAS);
            assertThat(router.route("woodword ge aerospace fuel nozzle content", RouteHints.NONE, bench).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("WWD", "GE");
            // behind them the word is no subject of the question, and with no filing in the corpus it names nobody more
            assertThat(router.route("wwe raw rights fee paid by netlfix", RouteHints.NONE, bench).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("TKO");
            assertThat(router.route("netlfix live sports rights cost, wwe raw deal", RouteHints.NONE,
                    AnalystRoutingTest.directoryAlone()).issuers()).extracting(Route.Issuer::ticker).containsExactly("TKO");
            // a ticker mistyped in lower case too
            assertThat(router.route("nvdia vs intel gpu share", RouteHints.NONE, bench).issuers()).extracting(Route.Issuer::ticker)
                    .containsExactly("NVDA", "INTC");
            // only the words ahead of them are read, so a typo after them does not cancel it
            assertThat(router.route("netlfix ad tier pricing vs roku and disnye", RouteHints.NONE, bench).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("NFLX", "ROKU");
            // and a ticker one letter off is no subject: an acronym of the trade is as often that
            for (String acronym : List.of("FICA tax on tips at Darden", "COSO framework adoption at Oracle",
                    "NTIA BEAD grants for Charter")) {
                Route route = router.route(acronym, RouteHints.NONE, bench);
                assertThat(route.issuers()).as(route.explanation()).hasSize(1).noneMatch(Route.Issuer::inCorpus);
            }
        }

        @Test
        void twoWordsJoinedByAndOneEditFromANameJoinedSoAreThatNameMistyped() {
            Route route = assertRoutedAloneTo("proctor and gamble fabric care sales fy25", "PG");
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC_TYPO);
            assertUnroutedAlone("supply and demand imbalance in memory chips");
            assertUnroutedAlone("trial and error in drug discovery budgets");
        }

        @Test
        void aNameRunTogetherWithItsAbbreviatedWordNamesTheCompany() {
            // "Cos" is how "Companies" is abbreviated; "Cooper" alone begins other names too
            assertRoutedAloneTo("CooperCos surgical segment fy2022", "COO");
        }

        @Test
        void aNameRunTogetherWithItsAbbreviatedWordInLowerCaseNamesTheCompanyAndAnEnglishWordNobody() {
            Route route = assertRoutedAloneTo("coopercos surgical fertility revenue", "COO");
            assertThat(route.namedBy().get(0).detail()).isEqualTo("short form of name");
            assertRoutedAloneTo("tollbros backlog conversion", "TOL");
            // "ta" + "cos" is too short a head, and an English word is never a name run together
            assertUnroutedAlone("tacos and burritos price inflation");
            assertUnroutedAlone("chaos in regional bank deposits");
        }

        @ParameterizedTest
        @ValueSource(strings = {"why do builders prefer rate buydowns over price cuts for entry-level buyers",
            "how do builders finance land banking", "are builders cutting prices in texas"})
        void aPluralNounAfterThePluralsAuxiliaryIsTheKindNotACompanyItsNameBeginsWith(String question) {
            // Builders FirstSource; "builders firstsource gross margin" still names it, and a plural name before its business
            // is still the company's
            assertUnroutedAlone(question);
            assertRoutedAloneTo("builders firstsource gross margin", "BLDR");
            assertRoutedAloneTo("why are wells deposits falling", "WFC");
        }

        @Test
        void aUnitSetAgainstAnotherIsTheUnit() {
            assertUnroutedAlone("tesla to gauss unit conversion");
            assertUnroutedAlone("hp rating vs kw for industrial motors");
            // nothing set against it: the company
            assertRoutedAloneTo("tesla model 3 kwh battery cost", "TSLA");
            assertRoutedAloneTo("tesla deliveries vs byd", "TSLA");
            Route both = routeWithDirectoryAlone("hp and tesla margins");
            assertThat(both.issuers()).as(both.explanation()).extracting(Route.Issuer::ticker).contains("TSLA");
        }

        @Test
        void aStormsNameIsNoCompanys() {
            // URI is United Rentals' ticker, read in lower case before its business; the storm of February 2021 is Uri
            assertUnroutedAlone("winter storm uri gas cost recovery securitization");
            assertRoutedAloneTo("winter storm uri costs at vistra", "VST");
            assertRoutedAloneTo("uri fleet productivity", "URI");
        }

        @ParameterizedTest
        @ValueSource(strings = {"BMNR ETH per share metric and atm issuance", "MARA BTC holdings per share"})
        void theCoinsAMinerHoldsAreNoTrustsTicker(String question) {
            // BTC and ETH are listed (two trusts that hold the coins): in a question about a miner or a treasury company
            // they are the coins; "$ETH" is still the ticker
            Route route = router.route(question, RouteHints.NONE, new Catalog().useDirectory(TestCatalogs.directory()));
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).hasSize(1)
                    .doesNotContain("BTC", "ETH");
            assertThat(router.route("$ETH fund flows", RouteHints.NONE, new Catalog().useDirectory(TestCatalogs.directory()))
                    .issuers()).extracting(Route.Issuer::ticker).containsExactly("ETH");
        }

        @Test
        void aSmallListingsTickerOneEditFromALargeIssuersIsReadAsTheTypo() {
            // TLSA is Tiziana Life Sciences (rank 4437); bare, it is far more likely Tesla mistyped.
            Route route = router.route("TLSA deliveries fy2024", RouteHints.NONE, new Catalog().useDirectory(TestCatalogs.directory()));
            assertThat(route.issuers()).as(route.explanation()).extracting(Route.Issuer::ticker).containsExactly("TSLA");
            assertThat(router.route("ticker TLSA pipeline", RouteHints.NONE, new Catalog().useDirectory(TestCatalogs.directory()))
                    .issuers()).extracting(Route.Issuer::ticker).containsExactly("TLSA");
        }

        @Test
        void eachWordCutShortStandsForAnyWordItMayCutWhateverTheOthersStandFor() {
            // "univ" is universal or university, "tech" technologies, technology or technical: each cut is written out on its
            // own, not all as their first, second or third word together
            assertRoutedAloneTo("univ tech inst enrollment fy23", "UTI");
            assertRoutedAloneTo("univ tech inst concorde acquisition purchase price fy23", "UTI");
            // "comm" is commercial as well as community and communications
            assertRoutedAloneTo("Comm Metals europe steel margins fy23", "CMC");
            assertRoutedAloneTo("comm health systems same store admissions", "CYH");
            // the ways to write a phrase out are bounded, the first word of each cut first
            List<List<String>> ways = NameTokens.cutsWrittenOut(List.of("tech", "comm", "univ", "inst", "sys", "elec"));
            assertThat(ways).hasSize(NameTokens.MOST_WAYS_TO_WRITE_OUT);
            assertThat(ways.get(0)).containsExactly("technologies", "communications", "universal", "institute", "systems", "electric");
            assertThat(NameTokens.cutsWrittenOut(List.of("univ", "tech", "inst"))).hasSize(12)
                    .contains(List.of("universal", "technical", "institute"));
            assertThat(NameTokens.cutsWrittenOut(List.of("apple", "pie"))).isEmpty();
        }

        @Test
        void aWordCutShortWritesTheCommonWordsACorpusIssuersNameBeginsWith() throws IOException {
            // "northern technologies" begins Northern Technologies International's name, but both are common words, which
            // English writes too; "northern tech" is that name written short. The directory alone knows no such lead.
            assertThat(router.route("northern tech JV income", RouteHints.NONE, AnalystRoutingTest.benchCatalog()).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("NTIC");
            assertUnroutedAlone("northern tech JV income");
            assertThat(router.route("northern technologies hubs in europe", RouteHints.NONE, AnalystRoutingTest.benchCatalog())
                    .issuers()).isEmpty();
            assertThat(router.route("northern tech hubs in europe", RouteHints.NONE, AnalystRoutingTest.benchCatalog()).issuers())
                    .isEmpty();
            // "bio" is cut from bioscience as "tech" from technologies
            assertRoutedAloneTo("twist bio synbio revenue fy23", "TWST");
            assertUnroutedAlone("bio tech funding 2023");
        }

        @Test
        void aLetterAndAFigureLeadingACorpusIssuersNameNameItAtTheHeadOfTheSubject() throws IOException {
            // "i3" of i3 Verticals is too short a word to lead a name by the length rule, but no English word
            for (String question : List.of("i3 public sector software growth", "what did i3 say about payments",
                    "i3's public sector revenue")) {
                assertThat(router.route(question, RouteHints.NONE, AnalystRoutingTest.benchCatalog()).issuers()).as(question)
                        .extracting(Route.Issuer::ticker).containsExactly("IIIV");
            }
            // elsewhere it is a processor's, and a period is still a period
            for (String question : List.of("intel core i3 laptop demand", "q3 public sector revenue")) {
                assertThat(router.route(question, RouteHints.NONE, AnalystRoutingTest.benchCatalog()).issuers()).as(question).isEmpty();
            }
        }

        @Test
        void aShortNameWithItsTwoInnerLettersSwappedIsThatNameMistyped() throws IOException {
            // four letters are too few for any slip but this one: the ends kept, the two letters between them swapped
            Route route = router.route("nkie inventory levels fiscal 2023", RouteHints.NONE, AnalystRoutingTest.benchCatalog());
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("NKE");
            assertThat(route.method()).isEqualTo(Route.DETERMINISTIC_TYPO);
            assertRoutedAloneTo("mtea reality labs operating loss", "META");
            for (String other : List.of("nikr inventory levels fiscal 2023", "nik inventory levels fiscal 2023",
                    "inke inventory levels fiscal 2023")) {
                assertThat(router.route(other, RouteHints.NONE, AnalystRoutingTest.benchCatalog()).issuers()).as(other).isEmpty();
            }
        }

        @Test
        void aNameWithItsLegalFormMistypedIsThatName() {
            assertRoutedAloneTo("post holdngs pet food acquisition 2023", "POST");
            assertRoutedAloneTo("ball corportion aluminum cans", "BALL");
            // the words must name a company with the form spelt right
            assertUnroutedAlone("the groop holdngs");
            assertUnroutedAlone("shell companies and reverse mergers");
        }

        @Test
        void anEnglishWordBeforeALegalFormItsListingHasIsAMistypedName() {
            // "deer" is an English word; before "& co" it is Deere & Company mistyped, whose title has that form
            assertRoutedAloneTo("deer & co financial services provision for credit losses", "DE");
            Route route = routeWithDirectoryAlone("deer & co financial services provision for credit losses");
            assertThat(route.namedBy()).extracting(Route.Naming::how).containsExactly(Route.BY_TYPO);
            // no listing of that name with that form: English still ("shell" is one edit from SHEL, Shell plc's ticker)
            assertUnroutedAlone("beer & co brewing");
            assertUnroutedAlone("shell companies and reverse mergers");
        }

        @Test
        void aNameOfOneWordTheAliasListGivesIsReadMistypedToo() throws IOException {
            // "Disney" begins no name of The Walt Disney Company's; the alias list gives it, and "disnye" is it mistyped
            assertReadAloneAndNotIn("disnye content impairment charge 2023", "DIS", List.of());
            assertThat(router.route("disnye parks revenue", RouteHints.NONE, AnalystRoutingTest.benchCatalog()).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("DIS");
        }

        @Test
        void aBankHoldingCompanyIsNamedByItsBanksName() {
            // Timberland Bancorp's bank is Timberland Bank, Hanover Bancorp's Hanover Bank
            assertRoutedAloneTo("timberland bank construction loan concentration fy22", "TSBK");
            assertRoutedAloneTo("hanover bank SBA lending", "HNVR");
            // a name of generic words is no bank's
            assertUnroutedAlone("community bank deposit trends");
            assertUnroutedAlone("first bank net interest margin");
        }

        @Test
        void anEnglishWordBeginningANameBeforeAnotherWordNamesAreMadeOfBeginsAnotherName() throws IOException {
            // "timberland" begins Timberland Bancorp's name in the corpus; before "investment", which that name does not go
            // on with, it is the forest land investors buy
            Catalog catalog = AnalystRoutingTest.benchCatalog();
            assertThat(router.route("timberland investment returns vs farmland", RouteHints.NONE, catalog).issuers()).isEmpty();
            assertThat(router.route("timberland net interest margin fy23", RouteHints.NONE, catalog).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("TSBK");
            assertThat(router.route("timberland bank loans", RouteHints.NONE, catalog).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("TSBK");
        }

        @Test
        void aBrandEndingInItsOwnersTickerNamesTheOwner() {
            // BetMGM is MGM Resorts' joint venture, myFICO Fair Isaac's
            assertRoutedAloneTo("BetMGM losses share 2021", "MGM");
            assertRoutedAloneTo("MyFICO subscriptions growth", "FICO");
            // not an abbreviation finance writes for itself, nor a small listing's ticker
            assertUnroutedAlone("OpenAPI spec adoption");
            assertUnroutedAlone("WynnBET closure");
        }

        @Test
        void nftIsANonFungibleTokenNotNftLimited() throws IOException {
            assertUnroutedAlone("NFT marketplace volumes 2022");
            assertThat(router.route("know labs NFT sales 2022", RouteHints.NONE, AnalystRoutingTest.benchCatalog()).issuers())
                    .extracting(Route.Issuer::ticker).containsExactly("USBC");
        }

        @Test
        void cibIsABanksCorporateAndInvestmentBankNotGrupoCibest() {
            assertUnroutedAlone("CIB markets revenue 2021");
            assertRoutedAloneTo("Wells CIB segment revenue 2024", "WFC");
            // the ticker where a question says it is one
            assertRoutedAloneTo("$CIB colombia deposit growth", "CIB");
        }

        @Test
        void aProductWordOpeningAPublicBodysNameIsThatBody() {
            // the Surface Transportation Board regulates railroads; "Surface" alone is Microsoft's tablet
            assertUnroutedWithTheAliasesAlone("Surface Transportation Board reciprocal switching rule");
            assertReadAloneAndNotIn("Surface Laptop sales fy23", "MSFT", List.of("Surface Transportation Board rate case"));
            // a company's name that ends so stays that company's
            assertReadAloneAndNotIn("Tennessee Valley Authority coal retirements", "TVE", List.of());
        }
    }
    @Nested
    class ExpectationsAndSpans {

        @Test
        void anExpectationForAYearLeadsWithTheFilingOfTheYearBefore() {
            Route route = route("Is Coca-Cola's growth expected to accelerate in FY2022?");
            assertThat(route.shards()).containsExactly(shard("KO:2021"), shard("KO:2022"));
        }

        @Test
        void aYearAskedAboutWithoutAnExpectationKeepsItsOwnFiling() {
            Route route = route("How fast did Coca-Cola grow in FY2022?");
            assertThat(route.shards()).containsExactly(shard("KO:2022"));
        }

        @Test
        void aSpanOfYearsLeadsWithTheLaterFilingWhoseComparativesCoverBoth() {
            Route route = route("How did PepsiCo's operating margin change between FY2021 and FY2022?");
            assertThat(route.shards()).containsExactly(shard("PEP:2022"), shard("PEP:2021"));
        }
    }

    @Nested
    class AnalystRisks {

        private List<String> tickers(Route route) {
            return route.issuers().stream().map(Route.Issuer::ticker).toList();
        }

        /** The tickers the question is routed to against the catalog. */
        private List<String> tickersFor(String question, Catalog catalog) {
            return tickers(router.route(question, RouteHints.NONE, catalog));
        }

        @ParameterizedTest
        @ValueSource(strings = {"what did ben bernanke say about bank runs", "Janet Yellen comments on treasury issuance",
                "did the mike tyson bout lift pay-per-view prices", "kamala harris price gouging proposal for grocers",
                "robert rubin strong dollar policy", "tim scott as senate banking chair, deregulation agenda"})
        void aGivenNameBeforeASurnameIsAPersonNotACompany(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).isEmpty();
            assertThat(route(question).issuers()).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"hope nvidia beats estimates", "will nvidia beat the guide", "rich nvidia valuation vs peers",
                "Were there any events not in Pfizer's standard business operations that increased net income in 2019?"})
        void aVerbOrAWordOfASentenceBeforeANameIsNoGivenName(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).isNotEmpty();
        }

        @Test
        void aNameReadAcrossAGivenNameAndTheWordAfterItIsStillTheCompany() {
            // with the alias lists, as the query job reads: "john deere" and "charles schwab" are aliases
            assertThat(tickersFor("john deere large ag price realization", AnalystRoutingTest.directoryAlone()))
                    .containsExactly("DE");
            assertThat(tickersFor("charles schwab client assets", AnalystRoutingTest.directoryAlone()))
                    .containsExactly("SCHW");
            assertThat(tickers(routeWithDirectoryAlone("jack henry core processing revenue"))).containsExactly("JKHY");
            // "lilly" and "whitney" are given names too, but end a longer name here
            assertThat(tickers(routeWithDirectoryAlone("eli lilly mounjaro revenue"))).containsExactly("LLY");
            assertThat(tickersFor("pratt & whitney gtf engine inspection costs", AnalystRoutingTest.directoryAlone()))
                    .containsExactly("RTX");
            // "raymon james": a name mistyped, not a person
            assertThat(tickers(routeWithDirectoryAlone("raymon james private client group assets"))).containsExactly("RJF");
        }

        @ParameterizedTest
        @ValueSource(strings = {"3M SOFR vs 3M LIBOR spread adjustment", "6M euribor fixings in 2023", "3m t-bill yields vs money market fund inflows",
                "Woodward Avenue Detroit redevelopment",
                "Madison Ave ad agency billings", "Hershey Street retail vacancies"})
        void aTenorBeforeARateAndANameBeforeAStreetWordAreNoCompany(String question) {
            assertThat(router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone()).issuers()).as(question).isEmpty();
        }

        @Test
        void aTickerThatIsAKindOfSoftwareBeforeWhatSoftwareIsOrBeforeARulesNumberIsTheSoftwareOrTheRule() throws IOException {
            assertUnroutedAloneAndWithTheBenchCatalog("crm implementation costs under asc 350-40 cloud computing arrangements");
            assertUnroutedAloneAndWithTheBenchCatalog("best CRM software for small sales teams");
            assertUnroutedAloneAndWithTheBenchCatalog("sr 11-7 model risk guidance for ai models at banks");
            assertUnroutedAloneAndWithTheBenchCatalog("SR 11-7 model risk guidance");
            Catalog bench = AnalystRoutingTest.benchCatalog();
            // the ticker still before its business, as a cashtag, and before a range of a percentage or of years, or a
            // span of two years; Emerson's "EMR" is no software's
            assertThat(tickersFor("CRM operating margin fy24", bench)).containsExactly("CRM");
            assertThat(tickersFor("$CRM software revenue growth", bench)).containsExactly("CRM");
            assertThat(tickersFor("crm revenue growth fy25", bench)).containsExactly("CRM");
            assertThat(tickersFor("crm 22-23 margin plan", bench)).containsExactly("CRM");
            assertThat(tickersFor("MSFT 30-35% azure growth", bench)).containsExactly("MSFT");
            assertThat(tickersFor("nvda 3-5 year revenue cagr", bench)).containsExactly("NVDA");
            assertThat(tickersFor("EMR software and control segment margin fy24", bench)).containsExactly("EMR");
        }

        @ParameterizedTest
        @ValueSource(strings = {"visa backlog for h-1b workers and effect on tech hiring", "Visa backlog for H-1B workers",
                "schengen tourist visa processing delays",
                "apple crop freeze losses michigan 2024", "shell egg prices vs feed corn costs in 2023",
                "delta variant hospitalizations and hotel occupancy", "coke oven battery emissions at integrated steel mills"})
        void anEnglishNameBesideAWordOfItsEverydaySenseIsThatWord(String question) throws IOException {
            assertUnroutedAloneAndWithTheBenchCatalog(question);
        }

        @Test
        void theEnglishNameStandsWithoutAWordOfItsEverydaySenseOrInThePossessive() throws IOException {
            Catalog bench = AnalystRoutingTest.benchCatalog();
            assertThat(tickersFor("visa cross-border volume growth", bench)).containsExactly("V");
            // a word of the everyday sense far from it, or the name in the possessive
            assertThat(tickersFor("visa cross-border volume as chinese tourists return", bench)).containsExactly("V");
            assertThat(tickersFor("visa's h-1b sponsorship costs", bench)).containsExactly("V");
            assertThat(tickersFor("apple iphone revenue fy2024", bench)).containsExactly("AAPL");
        }

        @Test
        void aWordOfBusinessInLowerCaseIsNoNameItOnlyBegins() throws IOException {
            // "commercial" begins Commercial Metals' name, and is the commercial business here (Tetra Tech's name mistyped)
            assertThat(tickersFor("tetra tehc government services vs commercial", AnalystRoutingTest.benchCatalog()))
                    .containsExactly("TTEK");
        }

        @Test
        void aLowerCaseTickerOutsideTheCorpusThatWithTheNextWordIsACorpusNameMistypedIsThatName() throws IOException {
            Catalog bench = AnalystRoutingTest.benchCatalog();
            Route route = router.route("bset buy comparable sales decline fy2024", RouteHints.NONE, bench);
            assertThat(tickers(route)).as(route.explanation()).containsExactly("BBY");
            assertThat(route.explanation()).contains("name typo 'bset buy'");
            // not where the next word makes no corpus name, nor without the corpus issuer, nor in capitals
            assertThat(tickersFor("bset furniture sales", bench)).containsExactly("BSET");
            assertThat(tickersFor("bset buy comparable sales decline fy2024", AnalystRoutingTest.directoryAlone()))
                    .containsExactly("BSET");
            assertThat(tickersFor("BSET comparable sales", bench)).containsExactly("BSET");
        }

        @Test
        void aWordLikeTickerOpeningTheQuestionBeforeAHyphenatedWordOfItsBusinessIsTheTicker() throws IOException {
            Catalog bench = AnalystRoutingTest.benchCatalog();
            assertThat(tickersFor("CASH banking-as-a-service partner concentration", bench)).containsExactly("CASH");
            assertThat(tickersFor("CASH flow statement basics", bench)).isEmpty();
        }

        @Test
        void raymondJamesAsTheTradeWritesItAndAProductBeforeTheStakeInIt() {
            assertReadAloneAndNotIn("RJ bank deposit sweep balances fiscal 2023", "RJF", List.of("equity stake in private companies"));
            assertReadAloneAndNotIn("rj private client group net new assets", "RJF", List.of());
            // the tobacco company's initials are its own
            assertReadAloneAndNotIn("RJ Reynolds tobacco litigation", "BTI", List.of());
            assertReadAloneAndNotIn("pa consulting stake and remaining purchase obligation", "J", List.of());
        }

        @Test
        void aTownThePressNamesACompanyForIsThatCompanyInThePossessiveOnly() {
            assertReadAloneAndNotIn("cupertino's services gross margin fy2024", "AAPL",
                    List.of("cupertino housing prices", "Cupertino city council budget", "cupertno housing prices"));
            assertReadAloneAndNotIn("redmond's intelligent cloud segment margin fy25", "MSFT",
                    List.of("redmond washington office rents"));
            // the list's other name the town begins is that name's still
            assertReadAloneAndNotIn("cupertino electric backlog", "PWR", List.of());
        }

        @Test
        void anEnglishWordTheTradeNamesACompanyByIsThatCompanyInThePossessiveRightAfterThe() {
            assertReadAloneAndNotIn("the depot's comp sales fy24", "HD", List.of("the bus depot's capacity",
                    "depot repair costs for transit agencies", "the depot expansion", "cupertno housing prices"));
            assertReadAloneAndNotIn("the mouse's parks segment op income fy23", "DIS", List.of("a lab mouse's genome editing costs",
                    "the mouse model results"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"stablecoin issuer treasury bill holdings 2025", "forward commitment rate lock pricing for builders",
                "new jersey offshore wind project cancellations 2023"})
        void aCompoundEndingInANameAPluralAfterForAndAPlaceAreNoCompany(String question) throws IOException {
            assertUnroutedAloneAndWithTheBenchCatalog(question);
        }

        @Test
        void theNameStillStandsBeforeItsBusinessAndAsTheSubject() throws IOException {
            Catalog bench = AnalystRoutingTest.benchCatalog();
            assertThat(tickersFor("bill holdings revenue growth", bench)).containsExactly("BILL");
            assertThat(tickersFor("new jersey resources clean energy ventures", bench)).containsExactly("NJR");
            assertThat(tickersFor("what did alexandria real estate say about life science leasing demand", bench))
                    .containsExactly("ARE");
            assertThat(tickersFor("carrier hvac backlog", bench)).containsExactly("CARR");
            // a utility's rate case and a bank's asset cap or consent order are their business, though "rate" alone
            // compounds with the word before it and "asset" and "consent" are no words of business
            assertThat(tickersFor("spire missouri rate case 2023", bench)).containsExactly("SR");
            assertThat(tickersFor("wells asset cap impact 2024", bench)).containsExactly("WFC");
            assertThat(tickersFor("wells consent order restrictions", bench)).containsExactly("WFC");
        }

        @Test
        void aMarketsNameBeforeItsListingIsTheMarketAndTheTradesWordNoLowerCaseTicker() {
            Catalog catalog = AnalystRoutingTest.directoryAlone();
            catalog.add(TestCatalogs.commit("NDAQ", 1120193L, "NASDAQ, INC.", 2023, "10-K", null));
            catalog.add(TestCatalogs.commit("COMP", 1563190L, "Compass, Inc.", 2023, "10-K", null));
            catalog.add(TestCatalogs.commit("HD", 354950L, "HOME DEPOT, INC.", 2024, "10-K", null));
            for (String question : List.of("reverse stock split to keep the nasdaq listing fy2023", "nasdaq minimum bid notice",
                    "nasdaq composite drawdown in 2022")) {
                assertThat(router.route(question, RouteHints.NONE, catalog).issuers()).as(question).isEmpty();
            }
            assertThat(tickersFor("nasdaq listing revenue growth", catalog)).containsExactly("NDAQ");
            assertThat(tickersFor("nasdaq market services revenue 2023", catalog)).containsExactly("NDAQ");
            // "comp sales" are comparable sales, not Compass's
            assertThat(tickersFor("THD comp sales fy2024", catalog)).containsExactly("HD");
            assertThat(tickersFor("$comp agent count 2023", catalog)).containsExactly("COMP");
            assertThat(tickersFor("COMP agent count 2023", catalog)).containsExactly("COMP");
        }

        @Test
        void theNameStillStandsBeforeOtherWordsAndWithinAStreetsOwnName() {
            assertThat(tickers(routeWithDirectoryAlone("3M earnings 2023"))).containsExactly("MMM");
            assertThat(tickers(routeWithDirectoryAlone("3M term loan refinancing"))).containsExactly("MMM");
            assertThat(tickers(routeWithDirectoryAlone("woodward aerospace segment margins"))).containsExactly("WWD");
            assertThat(tickers(routeWithDirectoryAlone("State Street custody fees"))).containsExactly("STT");
            assertThat(tickers(routeWithDirectoryAlone("Main Street Capital dividend"))).containsExactly("MAIN");
        }

        @ParameterizedTest
        @ValueSource(strings = {"hanover nh housing shortage", "braintree ma retail vacancy rates", "fargo nd farmland values",
                "dover delaware franchise tax revenue", "lake erie algal blooms and water treatment costs", "fort myers home prices"})
        void aTownBeforeItsStateOrAfterItsKindIsThePlace(String question) {
            assertThat(router.route(question, RouteHints.NONE, AnalystRoutingTest.directoryAlone()).issuers()).isEmpty();
        }

        @Test
        void aCompanyBeforeAStateIsStillTheCompany() {
            assertThat(tickers(routeWithDirectoryAlone("MA revenue growth"))).containsExactly("MA");
            assertThat(tickers(routeWithDirectoryAlone("entergy texas rate case"))).containsExactly("ETI-P");
            assertThat(tickers(routeWithDirectoryAlone("exxon texas refinery throughput"))).containsExactly("XOM");
        }

        @ParameterizedTest
        @ValueSource(strings = {"CMS final rate notice for medicare advantage", "NRC licensing timeline for small modular reactors",
                "HHS drug price negotiation list", "OCC stance on banks custodying crypto", "DEA rescheduling of marijuana"})
        void aPublicBodysAcronymIsNoTicker(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).isEmpty();
        }

        @Test
        void aSmallListingsTickerThatIsACorpusIssuersInitialsIsThatIssuer() throws IOException {
            // TVA is Texas Ventures Acquisition III's ticker, and the initials of the Tennessee Valley Authority, in the corpus
            assertThat(tickersFor("TVA power purchase obligations", AnalystRoutingTest.benchCatalog()))
                    .containsExactly("TVE");
            // a cashtag is the listing's ticker
            assertThat(tickersFor("$TVA trust value per share", AnalystRoutingTest.benchCatalog()))
                    .containsExactly("TVA");
        }

        @ParameterizedTest
        @CsvSource({"adobe termination fee paid fy24, ADBE", "adboe termination fee paid fy24, ADBE",
            "oracle divestiture gain 2023, ORCL", "carrier antitrust review, CARR"})
        void theEventsOfADealAreItsBusiness(String question, String ticker) {
            // a name that is an English word, or one mistyped, before the events of its deal is the company
            assertReadAloneAndNotIn(question, ticker, List.of("contract termination clauses", "early termination fees for phone plans"));
        }

        @Test
        void aCorpusWordLikeTickerOpeningTheQuestionMayHaveTwoWordsBeforeItsBusiness() throws IOException {
            Catalog catalog = AnalystRoutingTest.benchCatalog();
            assertThat(tickersFor("POST pet food segment fy2023", catalog)).containsExactly("POST");
            // not when the first makes a word of English with it
            assertThat(router.route("POST office box rental revenue", RouteHints.NONE, catalog).issuers()).isEmpty();
            assertThat(router.route("LIVE cattle futures prices", RouteHints.NONE, catalog).issuers()).isEmpty();
        }

        @Test
        void aTickerBeforeTheNumberOfALetterOrStandardIsThatSeriesName() throws IOException {
            // "SR 11-7" is the Federal Reserve's supervisory letter on model risk, not Spire (SR, in the corpus)
            Catalog catalog = AnalystRoutingTest.benchCatalog();
            assertThat(router.route("SR 11-7 model risk management guidance summary", RouteHints.NONE, catalog).issuers()).isEmpty();
            assertThat(tickersFor("SR gas utility rate case missouri 2023", catalog)).containsExactly("SR");
            // a form and a span of years are no such number
            assertThat(tickersFor("HD 2023-24 outlook", catalog)).containsExactly("HD");
            assertThat(tickersFor("what does SR's 10-K say about rate cases", catalog)).containsExactly("SR");
        }

        @Test
        void aBlankCheckCompanysTickerIsTheInitialsOfTheOneListingWithThemWithoutTheCorpus() {
            // Texas Ventures Acquisition III Corp has no business to ask about; the Tennessee Valley Authority (TVE, TVC)
            // is the one issuer among the listings whose name has the initials TVA
            assertThat(tickers(routeWithDirectoryAlone("TVA power purchase obligations"))).containsExactly("TVE");
            assertThat(tickers(routeWithDirectoryAlone("What does TVA say about retiring its coal plants?"))).containsExactly("TVE");
            // in ticker context, with a cashtag or as a possessive it is the listing's ticker
            assertThat(tickers(routeWithDirectoryAlone("$TVA trust value per share"))).containsExactly("TVA");
            assertThat(tickers(routeWithDirectoryAlone("ticker TVA trust value per share"))).containsExactly("TVA");
            // a small listing's ticker that is no blank-check company's stays its ticker: UHG is United Homes Group's
            assertThat(tickers(routeWithDirectoryAlone("UHG medical care ratio 2024"))).containsExactly("UHG");
        }

        @Test
        void englishWordsThatBeginABlankCheckCompanysNameAreTheWords() {
            // General Purpose Acquisition Corp. (GPAC) is named by its whole name or its ticker, not by the English it begins with
            assertUnroutedWithTheAliasesAlone("general purpose credit card interchange caps");
            assertUnroutedWithTheAliasesAlone("general purpose gpu demand from hyperscalers");
            assertUnroutedWithTheAliasesAlone("General purpose credit card interchange caps");
            assertThat(tickers(routeWithDirectoryAlone("general purpose acquisition corp trust account"))).containsExactly("GPAC");
            assertThat(tickers(routeWithDirectoryAlone("GPAC trust account per share"))).containsExactly("GPAC");
        }

        @Test
        void aSmallListingsTickerThatIsTheInitialsOfACorpusIssuersNameInCamelCaseIsThatIssuer() {
            // UHG is United Homes Group's ticker; the humps of "UnitedHealth Group" are its initials too
            Catalog catalog = new Catalog().useDirectory(TestCatalogs.directory()).useAliases(TestCatalogs.aliases());
            catalog.add(TestCatalogs.commit("UNH", 731766L, "UnitedHealth Group Incorporated", 2024, "10-K", null));
            assertThat(tickersFor("UHG medical care ratio 2024", catalog)).containsExactly("UNH");
            // without the corpus it stays the listing's ticker
            assertThat(tickers(routeWithDirectoryAlone("UHG medical care ratio 2024"))).containsExactly("UHG");
        }

        @ParameterizedTest
        @CsvSource({"UHG medical care ratio 2024, UNH", "FCE generation portfolio revenue 2023, FCEL"})
        void theInitialsOfANameWordMadeOfTwoEnglishWordsNameTheCorpusIssuer(String question, String ticker) throws IOException {
            // UNITEDHEALTH GROUP and FUELCELL ENERGY, as the bench corpora write them: "unitedhealth" is "united health"
            assertThat(tickersFor(question, AnalystRoutingTest.benchCatalog())).containsExactly(ticker);
        }

        @Test
        void medicinesAbbreviationsAreNoCorpusIssuersInitials() {
            Catalog catalog = new Catalog().useDirectory(TestCatalogs.directory()).useAliases(TestCatalogs.aliases());
            catalog.add(TestCatalogs.commit("MGM", 789570L, "MGM Resorts International", 2023, "10-K", null));
            assertThat(router.route("1.5T vs 3 tesla MRI reimbursement", RouteHints.NONE, catalog).issuers()).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"GENIUS Act stablecoin reserve rules", "how will the Genius Act change bank deposits"})
        void aWordBeforeActNamesALaw(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).isEmpty();
            assertThat(route(question).issuers()).isEmpty();
        }

        @Test
        void aCompanyNamedBesideALawIsStillNamed() {
            assertThat(tickers(routeWithDirectoryAlone("CHIPS Act grants to Intel"))).containsExactly("INTC");
        }

        @Test
        void aRegionOrAnOrganicMetricBetweenANameAndItsBusinessKeepsItTheSubject() {
            assertThat(tickers(routeWithDirectoryAlone("general mils north america retail organic sales"))).containsExactly("GIS");
            assertThat(tickers(routeWithDirectoryAlone("general mils organic sales"))).containsExactly("GIS");
            assertThat(tickers(routeWithDirectoryAlone("general mils europe sales"))).containsExactly("GIS");
            // a region without business after it leaves the phrase alone
            assertThat(routeWithDirectoryAlone("general mils north america weather").issuers()).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"is a $3m impairment material for a microcap", "aes-256 encryption requirements for card data",
                "uber-low industrial vacancy, still true?", "ulta-low sulfur diesel spreads this winter", "tesla-like margins in autos",
                "1500 hp rigs dayrate gap", "equitible subordination claims in bankruptcy"})
        void aNameAsAUnitAnAmountOrAModifierNamesNobody(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).isEmpty();
        }

        @Test
        void aNameAfterAYearOrBeforeAModelNumberIsStillTheCompany() {
            assertThat(tickers(routeWithDirectoryAlone("2024 tesla deliveries"))).containsExactly("TSLA");
            assertThat(tickers(routeWithDirectoryAlone("3m pfas liabilities 2023"))).containsExactly("MMM");
            assertThat(tickers(routeWithDirectoryAlone("hp printing revenue fy23"))).containsExactly("HPQ");
            assertThat(tickers(routeWithDirectoryAlone("equitible holdings retirement segment"))).containsExactly("EQH");
        }

        @ParameterizedTest
        @ValueSource(strings = {"mrna vaccine demand post covid", "adc payload supply and cdmo capacity",
                "leds replacing fluorescent tubes in warehouses", "occ guidance on crypto custody"})
        void theTradesWordsInLowerCaseAreNoTickers(String question) {
            assertThat(route(question).issuers()).isEmpty();
            assertThat(routeWithDirectoryAlone(question).issuers()).isEmpty();
        }

        @Test
        void aPublicBodysAcronymThatIsAlsoANamesWordLeavesTheNameRead() {
            assertThat(tickers(routeWithDirectoryAlone("cms energy coal plant retirement timeline"))).containsExactly("CMS");
        }

        @ParameterizedTest
        @ValueSource(strings = {"appel of the tax court ruling on transfer pricing", "the latest verison of the basel endgame proposal",
                "progresive tax on buybacks", "what did he say in his nobel lecture"})
        void anEnglishWordMistypedIsNoCompanysNameMistyped(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).isEmpty();
        }

        @Test
        void aNameMistypedAsTheSubjectOfItsBusinessIsStillRead() {
            assertThat(tickers(routeWithDirectoryAlone("appel greater china sales decline"))).containsExactly("AAPL");
            assertThat(tickers(routeWithDirectoryAlone("strker revenue growth"))).containsExactly("SYK");
            assertThat(tickers(routeWithDirectoryAlone("verizn wireless service revenue"))).containsExactly("VZ");
        }

        @ParameterizedTest
        @ValueSource(strings = {"MA sales tax revenue trend", "MA tax revenue", "NY residents income tax", "PA state budget gap"})
        void aStatesCodeBeforeATaxOrStateWordIsTheState(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).isEmpty();
            assertThat(route(question).issuers()).isEmpty();
        }

        @Test
        void aStatesCodeBeforeABusinessWordIsStillTheTicker() {
            assertThat(tickers(routeWithDirectoryAlone("MA revenue growth"))).containsExactly("MA");
            assertThat(tickers(routeWithDirectoryAlone("MS revenue growth"))).containsExactly("MS");
        }

        @ParameterizedTest
        @ValueSource(strings = {"MS revenue for relapsing patients", "MS drug revenue", "MS therapies revenue share"})
        void twoCapitalsInAQuestionAboutMedicineAreADiseaseNotABank(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"BANK OF AMERICA NET INTEREST INCOME", "WHAT IS BANK OF AMERICA'S CET1 RATIO"})
        void aLargeIssuersWholeNameInAShoutedQuestionIsRead(String question) {
            assertThat(tickers(routeWithDirectoryAlone(question))).containsExactly("BAC");
        }

        @ParameterizedTest
        @ValueSource(strings = {"WHAT IS THE BEST BANK FOR SAVINGS", "GENERAL TRENDS IN HOME PRICES", "ALL BANKS NET INTEREST INCOME"})
        void aShoutedQuestionOfCommonWordsNamesNoIssuer(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).isEmpty();
        }

        @Test
        void aPossessiveOfANameWordThatIsNotFirstNamesItsOnlyLargeIssuer() {
            assertThat(tickers(routeWithDirectoryAlone("what is Lilly's mounjaro revenue"))).containsExactly("LLY");
            assertThat(tickers(routeWithDirectoryAlone("lilly's obesity pipeline"))).containsExactly("LLY");
            // "Stanley" is in two large issuers' names; "Smith's" in none alone
            assertThat(routeWithDirectoryAlone("Stanley's tools margin").issuers()).isEmpty();
        }

        @Test
        void aNameWordCutShortIsReadWrittenOut() {
            assertThat(tickers(routeWithDirectoryAlone("union pac carloads by commodity group 2025"))).containsExactly("UNP");
            assertThat(tickers(routeWithDirectoryAlone("cooper cos organic growth"))).containsExactly("COO");
        }

        @ParameterizedTest
        @ValueSource(strings = {"typical sales force productivity metrics in medtech", "sales force turnover in pharma"})
        void aNameOfOneWordIsNotReadFromTheEnglishCompoundItsHalvesMake(String question) {
            assertUnroutedAlone(question);
        }

        @Test
        void lowerCaseTickersComparedEitherSideOfVsAreBothRead() {
            assertThat(tickers(routeWithDirectoryAlone("pep vs ko margins"))).containsExactly("PEP", "KO");
            assertThat(tickers(routeWithDirectoryAlone("ko versus pep volume growth"))).containsExactly("KO", "PEP");
        }

        @ParameterizedTest
        @ValueSource(strings = {"cash vs accrual accounting", "buy vs rent decision", "now vs later spending", "on vs off balance sheet",
                "low vs high margin retailers", "cat vs dog food sales"})
        void wordsComparedEitherSideOfVsAreNoTickersUnlessBothAre(String question) {
            assertThat(routeWithDirectoryAlone(question).issuers()).as(routeWithDirectoryAlone(question).explanation()).isEmpty();
        }

        @Test
        void aMistypedTwoWordNameIsNotItsSecondWordsIssuer() {
            assertThat(tickers(routeWithDirectoryAlone("shewin williams paint volumes"))).containsExactly("SHW");
            assertThat(tickers(routeWithDirectoryAlone("williams pipeline volumes"))).containsExactly("WMB");
        }

        @Test
        void aSmallListingsCoinedNameOpeningTheQuestionIsReadBeforeWhatAGrowingCompanysFilingIsAskedAbout() {
            // "commercialization", "runway", "launch", a going "concern" are words of its business as "revenue" is; a launch
            // compounds
            assertThat(tickers(routeWithDirectoryAlone("neuroone evo electrode commercialization fy23"))).containsExactly("NMTC");
            assertThat(tickers(routeWithDirectoryAlone("digerati going concern 2023"))).containsExactly("DTGI");
            assertUnroutedAlone("a going concern opinion for small caps");
            // and what an industry's filings report by its own names
            assertThat(tickers(routeWithDirectoryAlone("riot hashrate expansion and power costs"))).containsExactly("RIOT");
            assertUnroutedAlone("what is a typical rig count in the permian");
            assertUnroutedAlone("traffic congestion in cities");
            assertUnroutedAlone("how long is a typical biotech cash runway");
            assertUnroutedAlone("apple launch event timing");
        }

        @Test
        void theFirstTwoWordsOfALongerNameAreReadMistypedWhereTheyAreNoOtherListingsAndNoPlace() {
            // "johnson" alone is Johnson & Johnson's first word too
            assertThat(tickers(routeWithDirectoryAlone("jonhson controls building solutions backlog fy23"))).containsExactly("JCI");
            assertThat(tickers(routeWithDirectoryAlone("johnson contorls backlog"))).containsExactly("JCI");
            // one edit from North American Construction Group's first two words, but a place
            assertThat(routeWithDirectoryAlone("snap daily active users north america").issuers()).extracting(Route.Issuer::ticker)
                    .doesNotContain("NOA");
        }
    }
}
