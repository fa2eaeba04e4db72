#include "LogFormat.h"

#include "http/FieldText.h"
#include "http/RequestTarget.h"
#include "http/ResponseHead.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <charconv>
#include <cstdio>
#include <cstring>

namespace hostbench::http {

namespace {

constexpr const char *kMonths[]
    = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

void appendRequestLine(const LogEntry &entry, std::string &out)
{
    if (!entry.head.parsed) {
        out.push_back('-');
        return;
    }
    LogFormat::appendEscaped(entry.method, out);
    out.push_back(' ');
    LogFormat::appendEscaped(entry.target, out);
    out.append(entry.head.version == 10 ? " HTTP/1.0" : entry.head.version == 20 ? " HTTP/2.0" : " HTTP/1.1");
}

void appendQuotedOrDash(std::string_view value, std::string &out)
{
    out.push_back('"');
    if (value.empty())
        out.push_back('-');
    else
        LogFormat::appendEscaped(value, out);
    out.push_back('"');
}

} // namespace

PeerAddress PeerAddress::ofSocket(int fd)
{
    PeerAddress peer;
    sockaddr_storage address {};
    socklen_t length = sizeof address;
    if (::getpeername(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0)
        return peer;
    if (address.ss_family == AF_INET) {
        const auto *v4 = reinterpret_cast<const sockaddr_in *>(&address);
        peer.family = 4;
        std::memcpy(peer.bytes.data(), &v4->sin_addr, 4);
    } else if (address.ss_family == AF_INET6) {
        const auto *v6 = reinterpret_cast<const sockaddr_in6 *>(&address);
        if (IN6_IS_ADDR_V4MAPPED(&v6->sin6_addr)) {
            peer.family = 4;
            std::memcpy(peer.bytes.data(), v6->sin6_addr.s6_addr + 12, 4);
        } else {
            peer.family = 6;
            std::memcpy(peer.bytes.data(), &v6->sin6_addr, 16);
        }
    }
    return peer;
}

void PeerAddress::appendTo(std::string &out) const
{
    // IPv4 by hand: inet_ntop formats it through sprintf, about 1,650
    // instructions each (callgrind), for a line or a FastCGI request.
    if (family == 4) {
        for (std::size_t i = 0; i < 4; ++i) {
            if (i > 0)
                out.push_back('.');
            FieldText::appendNumber(out, bytes[i]);
        }
        return;
    }
    char text[INET6_ADDRSTRLEN];
    if (family == 0 || !::inet_ntop(family == 4 ? AF_INET : AF_INET6, bytes.data(), text, sizeof text)) {
        out.push_back('-');
        return;
    }
    out.append(text);
}

void LogFormat::appendEscaped(std::string_view value, std::string &out)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (const char c : value) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\') {
            const char escaped[4] = { '\\', 'x', kHex[byte >> 4], kHex[byte & 0xf] };
            out.append(escaped, 4);
        } else {
            out.push_back(c);
        }
    }
}

std::string_view LogFormat::levelName(LogLevel level)
{
    switch (level) {
    case LogLevel::Error:
        return "error";
    case LogLevel::Warn:
        return "warn";
    case LogLevel::Info:
        return "info";
    }
    return "error";
}

void LogFormat::updateTime(std::time_t time)
{
    if (time == m_time)
        return;
    m_time = time;
    std::tm local {};
    ::localtime_r(&time, &local);
    const long offsetMinutes = local.tm_gmtoff / 60;
    const long absOffset = offsetMinutes < 0 ? -offsetMinutes : offsetMinutes;
    char text[64];
    std::snprintf(text, sizeof text, "%02d/%s/%04d:%02d:%02d:%02d %c%02ld%02ld", local.tm_mday,
        kMonths[local.tm_mon % 12], local.tm_year + 1900, local.tm_hour, local.tm_min, local.tm_sec,
        offsetMinutes < 0 ? '-' : '+', absOffset / 60, absOffset % 60);
    m_accessTime = text;
    std::snprintf(text, sizeof text, "%04d/%02d/%02d %02d:%02d:%02d", local.tm_year + 1900, local.tm_mon + 1,
        local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec);
    m_errorTime = text;
}

void LogFormat::appendUpstreamTimes(const UpstreamTiming &timing, std::string &out)
{
    for (const std::int64_t us : { timing.connectUs, timing.headerUs, timing.totalUs }) {
        out.push_back(' ');
        if (us < 0) {
            out.push_back('-');
            continue;
        }
        const std::int64_t ms = (us + 500) / 1000; // rounded to nginx's ms precision
        FieldText::appendNumber(out, std::uint64_t(ms / 1000));
        const char fraction[4]
            = { '.', char('0' + ms % 1000 / 100), char('0' + ms % 100 / 10), char('0' + ms % 10) };
        out.append(fraction, 4);
    }
}

void LogFormat::appendAccessLine(const LogEntry &entry, std::string &out, bool upstreamTimes)
{
    updateTime(entry.head.time);
    entry.head.peer.appendTo(out);
    out.append(" - - [");
    out.append(m_accessTime);
    out.append("] \"");
    appendRequestLine(entry, out);
    out.append("\" ");
    FieldText::appendNumber(out, entry.head.status);
    out.push_back(' ');
    FieldText::appendNumber(out, entry.head.bytes);
    out.push_back(' ');
    appendQuotedOrDash(entry.referer, out);
    out.push_back(' ');
    appendQuotedOrDash(entry.userAgent, out);
    if (upstreamTimes)
        appendUpstreamTimes(entry.head.upstream, out);
    out.push_back('\n');
}

void LogFormat::appendErrorLine(const LogEntry &entry, std::string_view server, std::string &out)
{
    updateTime(entry.head.time);
    out.append(m_errorTime);
    out.append(" [");
    out.append(levelName(entry.head.level));
    out.append("] ");
    if (entry.head.kind == LogRecordHead::Message) {
        // nginx's words for a FastCGI application's own messages.
        out.append("FastCGI sent in stderr: \"");
        appendEscaped(entry.message, out);
        out.push_back('"');
    } else {
        out.append(entry.head.parsed ? "request failed: " : "client sent an invalid request: ");
        FieldText::appendNumber(out, entry.head.status);
        out.push_back(' ');
        out.append(ResponseHead::reason(entry.head.status));
    }
    if (entry.head.errorReason && entry.head.kind != LogRecordHead::Message) {
        // nginx names the file; the URI path says the same without showing the disk's layout.
        RequestTarget target;
        if (entry.head.parsed && RequestTarget::split(entry.target, target)) {
            out.append(", \"");
            appendEscaped(target.path, out);
            out.append("\": ");
        } else {
            out.append(", ");
        }
        out.append(entry.head.errorReason);
    }
    out.append(", client: ");
    entry.head.peer.appendTo(out);
    out.append(", server: ");
    appendEscaped(server, out);
    if (entry.head.parsed) {
        out.append(", request: \"");
        appendRequestLine(entry, out);
        out.push_back('"');
    }
    if (!entry.host.empty()) {
        out.append(", host: \"");
        appendEscaped(entry.host, out);
        out.push_back('"');
    }
    out.push_back('\n');
}

} // namespace hostbench::http
