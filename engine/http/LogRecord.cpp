#include "LogRecord.h"

#include "http/Request.h"

#include <algorithm>
#include <cstring>

namespace hostbench::http {

namespace {

std::uint16_t clampLength(size_t length)
{
    return std::uint16_t(std::min<size_t>(length, 0xffff));
}

} // namespace

void appendLogRecord(
    std::string &buffer, LogRecordHead head, const Request &request, std::string_view message)
{
    head.methodLength = clampLength(request.methodName.size());
    head.targetLength = clampLength(request.target.size());
    head.refererLength = clampLength(request.referer.size());
    head.userAgentLength = clampLength(request.userAgent.size());
    head.hostLength = clampLength(request.host.size());
    head.messageLength = clampLength(message.size());
    const size_t strings = size_t(head.methodLength) + head.targetLength + head.refererLength
        + head.userAgentLength + head.hostLength + head.messageLength;
    // Padded so that every head starts 8-byte aligned in the buffer.
    const size_t size = (sizeof head + strings + 7) & ~size_t(7);
    head.size = std::uint32_t(size);
    const size_t at = buffer.size();
    buffer.resize(at + size);
    char *out = buffer.data() + at;
    std::memcpy(out, &head, sizeof head);
    out += sizeof head;
    // An empty string_view may hold a null data(), and memcpy's source must
    // not be null even for 0 bytes (UBSan's nonnull-attribute check).
    auto put = [&out](std::string_view value, std::uint16_t length) {
        if (length == 0)
            return;
        std::memcpy(out, value.data(), length);
        out += length;
    };
    put(request.methodName, head.methodLength);
    put(request.target, head.targetLength);
    put(request.referer, head.refererLength);
    put(request.userAgent, head.userAgentLength);
    put(request.host, head.hostLength);
    put(message, head.messageLength);
}

LogRecordHead readLogRecordHead(const char *at)
{
    LogRecordHead head;
    std::memcpy(&head, at, sizeof head);
    return head;
}

LogEntry readLogRecord(const char *at)
{
    LogEntry entry;
    entry.head = readLogRecordHead(at);
    const char *p = at + sizeof entry.head;
    auto take = [&p](std::uint16_t length) {
        const std::string_view view(p, length);
        p += length;
        return view;
    };
    entry.method = take(entry.head.methodLength);
    entry.target = take(entry.head.targetLength);
    entry.referer = take(entry.head.refererLength);
    entry.userAgent = take(entry.head.userAgentLength);
    entry.host = take(entry.head.hostLength);
    entry.message = take(entry.head.messageLength);
    return entry;
}

} // namespace hostbench::http
