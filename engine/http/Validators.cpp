#include "Validators.h"

#include "http/FieldText.h"
#include "http/Request.h"

#include <charconv>

namespace hostbench::http {

namespace {

bool readInt(std::string_view s, int &value)
{
    if (s.empty())
        return false;
    const auto result = std::from_chars(s.data(), s.data() + s.size(), value);
    return result.ec == std::errc() && result.ptr == s.data() + s.size();
}

int monthIndex(std::string_view name)
{
    static constexpr std::string_view kMonths[]
        = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    for (int i = 0; i < 12; ++i) {
        if (name == kMonths[i])
            return i;
    }
    return -1;
}

bool readClock(std::string_view s, std::tm &tm)
{
    return s.size() == 8 && s[2] == ':' && s[5] == ':' && readInt(s.substr(0, 2), tm.tm_hour)
        && readInt(s.substr(3, 2), tm.tm_min) && readInt(s.substr(6, 2), tm.tm_sec) && tm.tm_hour < 24
        && tm.tm_min < 60 && tm.tm_sec <= 60;
}

bool finish(std::tm &tm, std::time_t &out)
{
    if (tm.tm_mon < 0 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_year < 0)
        return false;
    out = ::timegm(&tm);
    return out != std::time_t(-1);
}

// One entity-tag at the start of `s`: W/"..." or "...". Returns its length, 0 if none.
std::size_t entityTagLength(std::string_view s)
{
    std::size_t i = 0;
    if (s.size() >= 2 && s[0] == 'W' && s[1] == '/')
        i = 2;
    if (i >= s.size() || s[i] != '"')
        return 0;
    const std::size_t close = s.find('"', i + 1);
    return close == std::string_view::npos ? 0 : close + 1;
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
    text = FieldText::trimmed(text);
    std::tm tm {};
    const std::size_t comma = text.find(',');
    if (comma == 3 && text.size() == 29 && text.substr(25) == " GMT") {
        // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
        if (text[4] != ' ' || text[7] != ' ' || text[11] != ' ' || text[16] != ' ')
            return false;
        tm.tm_mon = monthIndex(text.substr(8, 3));
        if (!readInt(text.substr(5, 2), tm.tm_mday) || !readInt(text.substr(12, 4), tm.tm_year)
            || !readClock(text.substr(17, 8), tm))
            return false;
        tm.tm_year -= 1900;
        return finish(tm, out);
    }
    if (comma != std::string_view::npos && comma > 3) {
        // RFC 850: "Sunday, 06-Nov-94 08:49:37 GMT"; a two-digit year that
        // looks more than 50 years ahead is in the past (RFC 9110 §5.6.7).
        const std::string_view rest = text.substr(comma + 1);
        if (rest.size() != 23 || rest[0] != ' ' || rest[3] != '-' || rest[7] != '-' || rest[10] != ' '
            || rest.substr(19) != " GMT")
            return false;
        tm.tm_mon = monthIndex(rest.substr(4, 3));
        int year = 0;
        if (!readInt(rest.substr(1, 2), tm.tm_mday) || !readInt(rest.substr(8, 2), year)
            || !readClock(rest.substr(11, 8), tm))
            return false;
        tm.tm_year = year < 70 ? year + 100 : year;
        return finish(tm, out);
    }
    // asctime: "Sun Nov  6 08:49:37 1994"
    if (text.size() != 24 || text[3] != ' ' || text[7] != ' ' || text[10] != ' ' || text[19] != ' ')
        return false;
    tm.tm_mon = monthIndex(text.substr(4, 3));
    const std::string_view day = text[8] == ' ' ? text.substr(9, 1) : text.substr(8, 2);
    if (!readInt(day, tm.tm_mday) || !readClock(text.substr(11, 8), tm)
        || !readInt(text.substr(20, 4), tm.tm_year))
        return false;
    tm.tm_year -= 1900;
    return finish(tm, out);
}

bool Validators::listMatches(std::string_view list, std::string_view etag, bool weakComparison)
{
    const bool etagWeak = etag.size() >= 2 && etag[0] == 'W' && etag[1] == '/';
    const std::string_view opaque = etagWeak ? etag.substr(2) : etag;
    list = FieldText::trimmed(list);
    if (list == "*")
        return true;
    while (!list.empty()) {
        list = FieldText::trimmed(list);
        if (!list.empty() && list.front() == ',') {
            list.remove_prefix(1);
            continue;
        }
        const std::size_t length = entityTagLength(list);
        if (length == 0)
            return false; // malformed list: match nothing
        const std::string_view tag = list.substr(0, length);
        const bool tagWeak = tag[0] == 'W';
        const std::string_view tagOpaque = tagWeak ? tag.substr(2) : tag;
        if (tagOpaque == opaque && (weakComparison || (!tagWeak && !etagWeak)))
            return true;
        list.remove_prefix(length);
        list = FieldText::trimmed(list);
        if (!list.empty() && list.front() != ',')
            return false;
    }
    return false;
}

bool Validators::ifRangeHolds(std::string_view ifRange, std::string_view etag, std::time_t lastModified)
{
    ifRange = FieldText::trimmed(ifRange);
    if (!ifRange.empty() && (ifRange.front() == '"' || ifRange.front() == 'W')) {
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
