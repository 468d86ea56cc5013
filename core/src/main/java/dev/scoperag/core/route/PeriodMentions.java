package dev.scoperag.core.route;

import java.time.LocalDate;
import java.util.List;
import java.util.SortedSet;

/**
 * The periods a question names.
 *
 * @param fiscalYears years written as fiscal years ("FY2018", "fiscal 2018", "Q2 of FY2023", "the 2021 fiscal period")
 * @param calendarYears bare years ("in 2022", "as of 2022"); not the years of dates
 * @param rangeYears years inside a named range ("FY2018 - FY2020" holds 2019), wanted only where present
 * @param quarters quarters with their year, as "2023Q2"; a quarter without a year as "Q2"
 * @param dates full dates ("1st July 2022", "May 26, 2023", "2023-08-30")
 * @param expectedYears named years the question asks an expectation for ("expected to accelerate in FY2023",
 *     "guidance for 2024"): the filing of the year before states it
 * @param latest the question asks for the latest period ("most recent", "last fiscal year")
 * @param forms document forms the wording points at
 */
record PeriodMentions(
        SortedSet<Integer> fiscalYears,
        SortedSet<Integer> calendarYears,
        SortedSet<Integer> rangeYears,
        List<String> quarters,
        List<LocalDate> dates,
        SortedSet<Integer> expectedYears,
        boolean latest,
        SortedSet<String> forms) {
}
