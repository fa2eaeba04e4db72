// Fuzz target: the conditional-request validators (RFC 9110 §13) and
// Accept-Encoding negotiation (§12.5.3). The input is split at '\n' into
// If-Match, If-None-Match, If-Modified-Since, If-Unmodified-Since, If-Range
// and Accept-Encoding.
// Properties:
//  - a date that parses formats back (IMF-fixdate) to a date that parses to
//    the same second (for the years an IMF-fixdate can hold), and that
//    IMF-fixdate, as If-Range, holds for a Last-Modified of that second
//    (whatever its weekday: "Wed, ..." is a date, not a weak tag); an
//    IMF-fixdate that parses is that formatting itself, but for the day
//    name and a leap second (no sign, no 30 February, no hour -1 slips
//    through);
//  - a strong entity-tag match is also a weak one; "*" matches any tag;
//  - If-Range holds only for the tag itself or for the exact date, never
//    for the weak form of the tag;
//  - evaluate() never answers 304 or 412 to a request without conditions,
//    and gives the same answer twice;
//  - the negotiated coding is one that exists (br only with a .br sibling,
//    gzip only with a .gz one), and weights are -1..1000.
#include "FuzzCheck.h"

#include "http/ContentCoding.h"
#include "http/FieldText.h"
#include "http/HttpDate.h"
#include "http/Request.h"
#include "http/Validators.h"

#include <cstdint>
#include <string>
#include <string_view>

using namespace hostbench::http;

namespace {

std::string_view nextField(std::string_view &rest)
{
    const std::size_t end = rest.find('\n');
    const std::string_view field = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    return field;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    std::string_view rest(reinterpret_cast<const char *>(data), size);
    Request request;
    request.ifMatch = nextField(rest);
    request.ifNoneMatch = nextField(rest);
    request.ifModifiedSince = nextField(rest);
    request.ifUnmodifiedSince = nextField(rest);
    request.ifRange = nextField(rest);
    request.acceptEncoding = nextField(rest);

    std::string etag;
    Validators::formatETag(0x1a2b, 4070, 1'700'000'000'123'456'789, {}, etag);
    const std::time_t lastModified = 1'700'000'000;

    for (const std::string &text : { request.ifModifiedSince, request.ifUnmodifiedSince, request.ifRange }) {
        std::time_t parsed = 0;
        if (!Validators::parseDate(text, parsed) || parsed < 0 || parsed > 253'402'300'799) // 9999-12-31
            continue;
        char formatted[HttpDate::kLength + 1] = {};
        HttpDate::format(parsed, formatted);
        std::time_t again = 0;
        FUZZ_CHECK(Validators::parseDate(std::string_view(formatted, HttpDate::kLength), again));
        FUZZ_CHECK(again == parsed);
        FUZZ_CHECK(Validators::ifRangeHolds(std::string_view(formatted, HttpDate::kLength), etag, parsed));
        const std::string_view given = FieldText::trimmed(text);
        // Written back as it came, but a leap second (23:59:60 is 00:00:00 next day).
        if (given.size() == HttpDate::kLength && given[3] == ',' && given.substr(23, 2) != "60")
            FUZZ_CHECK(given.substr(3) == std::string_view(formatted + 3, HttpDate::kLength - 3));
    }

    for (const std::string &list : { request.ifMatch, request.ifNoneMatch }) {
        if (Validators::listMatches(list, etag, false))
            FUZZ_CHECK(Validators::listMatches(list, etag, true));
    }
    FUZZ_CHECK(Validators::listMatches("*", etag, false));
    FUZZ_CHECK(Validators::listMatches(etag, etag, false));
    FUZZ_CHECK(Validators::ifRangeHolds(etag, etag, lastModified));
    FUZZ_CHECK(!Validators::ifRangeHolds("W/" + etag, etag, lastModified));

    if (Validators::ifRangeHolds(request.ifRange, etag, lastModified)) {
        std::time_t date = 0;
        const bool isDate = Validators::parseDate(request.ifRange, date);
        FUZZ_CHECK(isDate ? date == lastModified : request.ifRange.find(etag) != std::string::npos);
    }

    const Validators::Outcome outcome = Validators::evaluate(request, etag, lastModified);
    FUZZ_CHECK(Validators::evaluate(request, etag, lastModified) == outcome);
    if (!Validators::hasConditions(request))
        FUZZ_CHECK(outcome == Validators::Outcome::Proceed);

    const ContentCoding::Weights weights = ContentCoding::parse(request.acceptEncoding);
    for (const ContentCoding::Coding coding :
        { ContentCoding::Coding::Identity, ContentCoding::Coding::Gzip, ContentCoding::Coding::Brotli }) {
        const int weight = ContentCoding::weight(weights, coding);
        FUZZ_CHECK(weight >= -1 && weight <= 1000); // -1: not acceptable at all
    }
    for (const bool haveBrotli : { false, true }) {
        for (const bool haveGzip : { false, true }) {
            const ContentCoding::Coding chosen
                = ContentCoding::choose(request.acceptEncoding, haveBrotli, haveGzip);
            FUZZ_CHECK(chosen != ContentCoding::Coding::Brotli || haveBrotli);
            FUZZ_CHECK(chosen != ContentCoding::Coding::Gzip || haveGzip);
        }
    }
    return 0;
}
