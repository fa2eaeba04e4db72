#include "HttpDate.h"

namespace hostbench::http {

namespace {

void twoDigits(char *out, int value)
{
    out[0] = char('0' + value / 10);
    out[1] = char('0' + value % 10);
}

} // namespace

void HttpDate::format(std::time_t time, char *out)
{
    static constexpr char kDays[] = "SunMonTueWedThuFriSat";
    static constexpr char kMonths[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    std::tm utc {};
    gmtime_r(&time, &utc);
    // Locale-free on purpose: strftime's %a and %b follow LC_TIME.
    out[0] = kDays[utc.tm_wday * 3];
    out[1] = kDays[utc.tm_wday * 3 + 1];
    out[2] = kDays[utc.tm_wday * 3 + 2];
    out[3] = ',';
    out[4] = ' ';
    twoDigits(out + 5, utc.tm_mday);
    out[7] = ' ';
    out[8] = kMonths[utc.tm_mon * 3];
    out[9] = kMonths[utc.tm_mon * 3 + 1];
    out[10] = kMonths[utc.tm_mon * 3 + 2];
    out[11] = ' ';
    const int year = utc.tm_year + 1900;
    twoDigits(out + 12, (year / 100) % 100);
    twoDigits(out + 14, year % 100);
    out[16] = ' ';
    twoDigits(out + 17, utc.tm_hour);
    out[19] = ':';
    twoDigits(out + 20, utc.tm_min);
    out[22] = ':';
    twoDigits(out + 23, utc.tm_sec);
    out[25] = ' ';
    out[26] = 'G';
    out[27] = 'M';
    out[28] = 'T';
}

std::string_view HttpDate::now()
{
    const std::time_t second = std::time(nullptr);
    if (second != m_second) {
        format(second, m_text);
        m_second = second;
    }
    return std::string_view(m_text, kLength);
}

} // namespace hostbench::http
