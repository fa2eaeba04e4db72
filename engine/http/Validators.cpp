#include "Validators.h"

#include "http/FieldText.h"
#include "http/Request.h"

#include <cstdint>

namespace hostbench::http {

namespace {

// Exactly `s.size()` DIGITs (RFC 5234: %x30-39), no sign, no space.
bool readDigits(std::string_view s, int &value)
{
    if (s.empty())
        return false;
    int v = 0;
    for (const char c : s) {
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    value = v;
    return true;
}

// The names of RFC 9110 §5.6.7, case-sensitive (%s"..."), in tm_wday and tm_mon order.
constexpr std::string_view kDayNames[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
constexpr std::string_view kLongDayNames[]
    = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
constexpr std::string_view kMonths[]
    = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

template <std::size_t N> bool isOneOf(std::string_view name, const std::string_view (&names)[N])
{
    for (const std::string_view candidate : names) {
        if (name == candidate)
            return true;
    }
    return false;
}

int monthIndex(std::string_view name)
{
    for (int i = 0; i < 12; ++i) {
        if (name == kMonths[i])
            return i;
    }
    return -1;
}

// A calendar date and time of day, UTC, as the grammar reads it.
struct Civil
{
    std::int64_t year = 0;
    int month = -1; // 0..11
    int day = 0; // 1..31
    int hour = 0, minute = 0, second = 0;
};

constexpr bool isLeapYear(std::int64_t y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

constexpr int daysInMonth(std::int64_t year, int month)
{
    constexpr int kDays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    return month == 1 && isLeapYear(year) ? 29 : kDays[month];
}

// Days from 1970-01-01 to year-month(1..12)-day, proleptic Gregorian
// (H. Hinnant's days_from_civil): no timegm, no time zone, no lock.
constexpr std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + std::int64_t(doe) - 719468;
}

// The calendar date of `days` since 1970-01-01 (H. Hinnant's civil_from_days).
constexpr void civilFromDays(std::int64_t days, std::int64_t &year, int &month, int &day)
{
    days += 719468;
    const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const auto doe = unsigned(days - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    day = int(doy - (153 * mp + 2) / 5 + 1);
    month = int(mp < 10 ? mp + 2 : mp - 10); // 0..11
    year = std::int64_t(yoe) + era * 400 + (month <= 1 ? 1 : 0);
}

constexpr std::int64_t toSeconds(const Civil &c)
{
    return daysFromCivil(c.year, unsigned(c.month + 1), unsigned(c.day)) * 86400 + c.hour * 3600
        + c.minute * 60 + c.second;
}

// time-of-day = hour ":" minute ":" second, each 2DIGIT; second 60 is a leap second.
bool readClock(std::string_view s, Civil &c)
{
    return s.size() == 8 && s[2] == ':' && s[5] == ':' && readDigits(s.substr(0, 2), c.hour)
        && readDigits(s.substr(3, 2), c.minute) && readDigits(s.substr(6, 2), c.second) && c.hour < 24
        && c.minute < 60 && c.second <= 60;
}

bool finish(const Civil &c, std::time_t &out)
{
    if (c.month < 0 || c.day < 1 || c.day > daysInMonth(c.year, c.month))
        return false;
    out = std::time_t(toSeconds(c));
    return true;
}

// RFC 850's two-digit year (RFC 9110 §5.6.7): the latest year ending in
// those digits that is not more than 50 years after `now`.
void resolveTwoDigitYear(Civil &c, int twoDigits, std::time_t now)
{
    const std::int64_t nowDays = (now >= 0 ? now : now - 86399) / 86400;
    // now + 50 years: the same date and time of day, 50 years on (29 February
    // into a common year is 1 March, as daysFromCivil counts it).
    Civil limit;
    civilFromDays(nowDays, limit.year, limit.month, limit.day);
    const std::int64_t nowYear = limit.year;
    limit.year += 50;
    const std::int64_t latest = toSeconds(limit) + (std::int64_t(now) - nowDays * 86400);
    c.year = nowYear - nowYear % 100 + twoDigits + 100;
    while (toSeconds(c) > latest)
        c.year -= 100;
}

constexpr bool isEtagc(unsigned char c)
{
    return c == 0x21 || (c >= 0x23 && c != 0x7f); // %x21 / %x23-7E / obs-text (%x80-FF)
}

// One entity-tag at the start of `s` (RFC 9110 §8.8.3): [ %s"W/" ] DQUOTE
// *etagc DQUOTE. Returns its length, 0 if none.
std::size_t entityTagLength(std::string_view s)
{
    std::size_t i = 0;
    if (s.size() >= 2 && s[0] == 'W' && s[1] == '/')
        i = 2;
    if (i >= s.size() || s[i] != '"')
        return 0;
    for (std::size_t j = i + 1; j < s.size(); ++j) {
        if (s[j] == '"')
            return j + 1;
        if (!isEtagc(static_cast<unsigned char>(s[j])))
            return 0;
    }
    return 0;
}

bool parseDateAt(std::string_view text, std::time_t &out, const std::time_t *now)
{
    text = FieldText::trimmed(text);
    Civil c;
    const std::size_t comma = text.find(',');
    if (comma == 3) {
        // IMF-fixdate = day-name "," SP date1 SP time-of-day SP GMT:
        // "Sun, 06 Nov 1994 08:49:37 GMT"
        int year = 0;
        if (text.size() != 29 || !isOneOf(text.substr(0, 3), kDayNames) || text[4] != ' ' || text[7] != ' '
            || text[11] != ' ' || text[16] != ' ' || text.substr(25) != " GMT"
            || !readDigits(text.substr(5, 2), c.day) || !readDigits(text.substr(12, 4), year)
            || !readClock(text.substr(17, 8), c))
            return false;
        c.month = monthIndex(text.substr(8, 3));
        c.year = year;
        return finish(c, out);
    }
    if (comma != std::string_view::npos) {
        // rfc850-date = day-name-l "," SP date2 SP time-of-day SP GMT:
        // "Sunday, 06-Nov-94 08:49:37 GMT"
        const std::string_view rest = text.substr(comma + 1);
        int year = 0;
        if (!isOneOf(text.substr(0, comma), kLongDayNames) || rest.size() != 23 || rest[0] != ' '
            || rest[3] != '-' || rest[7] != '-' || rest[10] != ' ' || rest.substr(19) != " GMT"
            || !readDigits(rest.substr(1, 2), c.day) || !readDigits(rest.substr(8, 2), year)
            || !readClock(rest.substr(11, 8), c))
            return false;
        c.month = monthIndex(rest.substr(4, 3));
        if (c.month < 0)
            return false;
        resolveTwoDigitYear(c, year, now ? *now : std::time(nullptr));
        return finish(c, out);
    }
    // asctime-date = day-name SP date3 SP time-of-day SP year, date3 =
    // month SP ( 2DIGIT / ( SP DIGIT )): "Sun Nov  6 08:49:37 1994"
    int year = 0;
    if (text.size() != 24 || !isOneOf(text.substr(0, 3), kDayNames) || text[3] != ' ' || text[7] != ' '
        || text[10] != ' ' || text[19] != ' ')
        return false;
    const std::string_view day = text[8] == ' ' ? text.substr(9, 1) : text.substr(8, 2);
    if (!readDigits(day, c.day) || !readClock(text.substr(11, 8), c) || !readDigits(text.substr(20, 4), year))
        return false;
    c.month = monthIndex(text.substr(4, 3));
    c.year = year;
    return finish(c, out);
}

} // namespace

void Validators::formatETag(
    std::uint64_t inode, std::uint64_t size, std::int64_t mtimeNs, std::string_view coding, std::string &out)
{
    out.append(1, '"');
    FieldText::appendNumber(out, inode, 16);
    out.append(1, '-');
    FieldText::appendNumber(out, size, 16);
    out.append(1, '-');
    FieldText::appendNumber(out, std::uint64_t(mtimeNs), 16);
    if (!coding.empty())
        out.append(1, '-').append(coding);
    out.append(1, '"');
}

bool Validators::parseDate(std::string_view text, std::time_t &out)
{
    return parseDateAt(text, out, nullptr);
}

bool Validators::parseDate(std::string_view text, std::time_t &out, std::time_t now)
{
    return parseDateAt(text, out, &now);
}

bool Validators::listMatches(std::string_view list, std::string_view etag, bool weakComparison)
{
    const bool etagWeak = etag.size() >= 2 && etag[0] == 'W' && etag[1] == '/';
    const std::string_view opaque = etagWeak ? etag.substr(2) : etag;
    list = FieldText::trimmed(list);
    if (list == "*")
        return true;
    // "*" / #entity-tag: the whole list is read, so that one that breaks the
    // grammar anywhere matches nothing, wherever the matching tag is.
    bool matched = false;
    while (!list.empty()) {
        list = FieldText::trimmed(list);
        if (!list.empty() && list.front() == ',') {
            list.remove_prefix(1); // empty elements are allowed (RFC 9110 §5.6.1.2)
            continue;
        }
        const std::size_t length = entityTagLength(list);
        if (length == 0)
            return false; // malformed list: match nothing
        const std::string_view tag = list.substr(0, length);
        const bool tagWeak = tag[0] == 'W';
        const std::string_view tagOpaque = tagWeak ? tag.substr(2) : tag;
        if (tagOpaque == opaque && (weakComparison || (!tagWeak && !etagWeak)))
            matched = true;
        list.remove_prefix(length);
        list = FieldText::trimmed(list);
        if (!list.empty() && list.front() != ',')
            return false;
    }
    return matched;
}

bool Validators::ifRangeHolds(std::string_view ifRange, std::string_view etag, std::time_t lastModified)
{
    ifRange = FieldText::trimmed(ifRange);
    // entity-tag / HTTP-date: a tag begins with DQUOTE or %s"W/"; every date
    // begins with a day name, "Wed" and "Wednesday" too.
    if (!ifRange.empty() && (ifRange.front() == '"' || ifRange.substr(0, 2) == "W/")) {
        // A weak tag never matches: If-Range needs the strong comparison.
        return entityTagLength(ifRange) == ifRange.size() && ifRange.front() == '"' && ifRange == etag;
    }
    std::time_t date = 0;
    return parseDate(ifRange, date) && date == lastModified;
}

bool Validators::hasConditions(const Request &request)
{
    return !request.ifMatch.empty() || !request.ifNoneMatch.empty() || !request.ifModifiedSince.empty()
        || !request.ifUnmodifiedSince.empty();
}

Validators::Outcome Validators::evaluate(
    const Request &request, std::string_view etag, std::time_t lastModified)
{
    std::time_t date = 0;
    if (!request.ifMatch.empty()) {
        if (!listMatches(request.ifMatch, etag, false))
            return Outcome::PreconditionFailed;
    } else if (!request.ifUnmodifiedSince.empty() && parseDate(request.ifUnmodifiedSince, date)
        && lastModified > date) {
        return Outcome::PreconditionFailed;
    }
    if (!request.ifNoneMatch.empty())
        return listMatches(request.ifNoneMatch, etag, true) ? Outcome::NotModified : Outcome::Proceed;
    if (!request.ifModifiedSince.empty() && parseDate(request.ifModifiedSince, date) && lastModified <= date)
        return Outcome::NotModified;
    return Outcome::Proceed;
}

} // namespace hostbench::http
