#include "http/FastCgiRecord.h"

#include "http/FieldText.h"
#include "http/ResponseHead.h"

#include <algorithm>
#include <charconv>

namespace hostbench::http::fastcgi {

namespace {

void appendLength(std::string &out, std::size_t length)
{
    if (length < 128) {
        out.push_back(char(length));
        return;
    }
    const auto value = std::uint32_t(length) | 0x80000000u;
    out.push_back(char(value >> 24));
    out.push_back(char((value >> 16) & 0xff));
    out.push_back(char((value >> 8) & 0xff));
    out.push_back(char(value & 0xff));
}

// Appends `data` as records of `type`, at most kMaxContentBytes each.
void appendStream(std::string &out, RecordType type, std::uint16_t requestId, std::string_view data)
{
    while (!data.empty()) {
        const std::size_t take = std::min(data.size(), kMaxContentBytes);
        appendHeader(out, type, requestId, take);
        out.append(data.substr(0, take));
        data.remove_prefix(take);
    }
}

// RFC 9110 §5.1 token characters.
bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool parseNumber(std::string_view text, std::uint64_t &value)
{
    if (text.empty())
        return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

} // namespace

void appendHeader(std::string &out, RecordType type, std::uint16_t requestId, std::size_t contentLength,
    std::uint8_t paddingLength)
{
    const char header[kHeaderBytes]
        = { char(kVersion), char(type), char(requestId >> 8), char(requestId & 0xff),
              char((contentLength >> 8) & 0xff), char(contentLength & 0xff), char(paddingLength), 0 };
    out.append(header, kHeaderBytes);
}

void appendBeginRequest(std::string &out, std::uint16_t requestId, bool keepConn)
{
    appendHeader(out, RecordType::BeginRequest, requestId, 8);
    const char body[8] = { char(kRoleResponder >> 8), char(kRoleResponder & 0xff),
        char(keepConn ? kKeepConn : 0), 0, 0, 0, 0, 0 };
    out.append(body, sizeof body);
}

void appendNameValue(std::string &out, std::string_view name, std::string_view value)
{
    appendLength(out, name.size());
    appendLength(out, value.size());
    out.append(name).append(value);
}

void appendParams(
    std::string &out, std::uint16_t requestId, const std::vector<std::pair<std::string, std::string>> &params)
{
    // Sized first: the usual request's pairs fit one record and go straight
    // into `out`, grown once (the pairs built apart and copied, growing as
    // they came, were 5,900 instructions of a W5 request: callgrind).
    const auto lengthBytes = [](std::size_t length) -> std::size_t { return length < 128 ? 1 : 4; };
    std::size_t total = 0;
    for (const auto &[name, value] : params)
        total += lengthBytes(name.size()) + lengthBytes(value.size()) + name.size() + value.size();
    if (total == 0) {
        // Only the empty record that ends the stream: an empty one before it would end it early.
    } else if (total <= kMaxContentBytes) {
        out.reserve(out.size() + 2 * kHeaderBytes + total);
        appendHeader(out, RecordType::Params, requestId, total);
        for (const auto &[name, value] : params)
            appendNameValue(out, name, value);
    } else {
        std::string pairs;
        pairs.reserve(total);
        for (const auto &[name, value] : params)
            appendNameValue(pairs, name, value);
        appendStream(out, RecordType::Params, requestId, pairs);
    }
    appendHeader(out, RecordType::Params, requestId, 0);
}

void appendStdin(std::string &out, std::uint16_t requestId, std::string_view data)
{
    if (data.empty())
        appendHeader(out, RecordType::Stdin, requestId, 0);
    else
        appendStream(out, RecordType::Stdin, requestId, data);
}

void appendAbortRequest(std::string &out, std::uint16_t requestId)
{
    appendHeader(out, RecordType::AbortRequest, requestId, 0);
}

// --- Decoder

Decoder::Piece Decoder::fail(const char *why)
{
    m_state = State::Failed;
    Piece piece;
    piece.kind = Kind::Malformed;
    piece.error = why;
    return piece;
}

Decoder::Piece Decoder::startRecord()
{
    unsigned char h[kHeaderBytes];
    std::copy(m_header.begin(), m_header.end(), h);
    const auto id = std::uint16_t((h[2] << 8) | h[3]);
    m_type = RecordType(h[1]);
    m_contentLeft = std::size_t((h[4] << 8) | h[5]);
    m_paddingLeft = h[6];
    m_header.clear();
    if (h[0] != kVersion)
        return fail("FastCGI record of an unknown version");
    if (m_type != RecordType::Stdout && m_type != RecordType::Stderr && m_type != RecordType::EndRequest)
        return fail("FastCGI record of an unexpected type");
    if (id != m_requestId)
        return fail("FastCGI record for another request");
    if (m_type == RecordType::EndRequest && m_contentLeft != 8)
        return fail("FastCGI END_REQUEST of a wrong length");
    m_text.clear();
    m_textLength = m_contentLeft;
    m_state = State::Content;
    return {};
}

Decoder::Piece Decoder::next(std::string_view &input)
{
    for (;;) {
        switch (m_state) {
        case State::Failed:
            return fail("FastCGI stream already malformed");
        case State::Ended:
            if (!input.empty())
                return fail("FastCGI bytes after END_REQUEST");
            return {};
        case State::Header: {
            const std::size_t take = std::min(input.size(), kHeaderBytes - m_header.size());
            m_header.append(input.substr(0, take));
            input.remove_prefix(take);
            if (m_header.size() < kHeaderBytes)
                return {};
            if (Piece piece = startRecord(); piece.kind == Kind::Malformed)
                return piece;
            break;
        }
        case State::Content: {
            if (m_contentLeft > 0 && input.empty())
                return {};
            const std::size_t take = std::min(input.size(), m_contentLeft);
            const std::string_view part = input.substr(0, take);
            input.remove_prefix(take);
            m_contentLeft -= take;
            if (m_contentLeft == 0)
                m_state = m_paddingLeft > 0 ? State::Padding : State::Header;
            if (m_type == RecordType::Stdout) {
                if (!part.empty())
                    return { Kind::Stdout, part };
                break;
            }
            if (m_text.size() < (m_type == RecordType::Stderr ? kMaxStderrBytes : 8))
                m_text.append(part.substr(0, kMaxStderrBytes - m_text.size()));
            if (m_contentLeft > 0)
                break;
            if (m_type == RecordType::Stderr) {
                if (m_textLength > 0)
                    return { Kind::Stderr, m_text };
                break;
            }
            // END_REQUEST: appStatus (4 bytes, big-endian), protocolStatus, 3 reserved.
            const auto *b = reinterpret_cast<const unsigned char *>(m_text.data());
            Piece end;
            end.kind = Kind::End;
            end.appStatus
                = std::uint32_t(b[0]) << 24 | std::uint32_t(b[1]) << 16 | std::uint32_t(b[2]) << 8 | b[3];
            end.protocolStatus = ProtocolStatus(b[4]);
            if (m_paddingLeft > 0) {
                // Its padding is still part of the record: skip what is here, the rest as Padding.
                const std::size_t pad = std::min(input.size(), m_paddingLeft);
                input.remove_prefix(pad);
                m_paddingLeft -= pad;
            }
            m_state = m_paddingLeft > 0 ? State::Padding : State::Ended;
            return end;
        }
        case State::Padding: {
            const std::size_t take = std::min(input.size(), m_paddingLeft);
            input.remove_prefix(take);
            m_paddingLeft -= take;
            if (m_paddingLeft > 0)
                return {};
            m_state = m_type == RecordType::EndRequest ? State::Ended : State::Header;
            break;
        }
        }
    }
}

// --- CgiHead

CgiHead::State CgiHead::fail(const char *why)
{
    m_error = why;
    m_state = State::Error;
    return m_state;
}

CgiHead::State CgiHead::feed(std::string_view &data)
{
    if (m_state != State::NeedMore)
        return m_state;
    // The blank line is searched in what is kept plus the new bytes; only the head's bytes are taken.
    const std::size_t before = m_bytes.size();
    m_bytes.append(data.substr(0, kMaxHeadBytes + 4 - std::min(before, kMaxHeadBytes + 4)));
    std::size_t end = 0; // just after the blank line
    std::size_t head = 0; // the field lines' bytes, each with its line end
    if (m_bytes.starts_with('\n') || m_bytes.starts_with("\r\n")) {
        end = m_bytes[0] == '\n' ? 1 : 2; // no fields at all
    } else {
        for (std::size_t i = std::max<std::size_t>(before, 1); i < m_bytes.size() && end == 0; ++i) {
            if (m_bytes[i] != '\n')
                continue;
            if (m_bytes[i - 1] == '\n')
                end = i + 1, head = i;
            else if (i >= 2 && m_bytes[i - 1] == '\r' && m_bytes[i - 2] == '\n')
                end = i + 1, head = i - 1;
        }
    }
    if (end == 0 ? m_bytes.size() > kMaxHeadBytes : head > kMaxHeadBytes) {
        m_tooLarge = true;
        return fail("FastCGI response head too large");
    }
    if (end == 0) {
        data.remove_prefix(data.size());
        return m_state;
    }
    data.remove_prefix(end - before);
    m_bytes.resize(head);
    return parse();
}

CgiHead::State CgiHead::parse()
{
    std::string_view rest = m_bytes;
    while (!rest.empty()) {
        const std::size_t newline = rest.find('\n');
        std::string_view line = rest.substr(0, newline);
        rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty())
            continue;
        if (!parseLine(line))
            return m_state;
    }
    if (!m_hasStatus && m_hasLocation) {
        m_status = 302;
        m_reason = "Found";
    }
    m_bytes.clear();
    m_bytes.shrink_to_fit();
    m_state = State::Done;
    return m_state;
}

bool CgiHead::parseLine(std::string_view line)
{
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0)
        return fail("FastCGI response head line without a field name") == State::Done;
    const std::string_view name = line.substr(0, colon);
    if (!std::all_of(name.begin(), name.end(), isTokenChar))
        return fail("FastCGI response head field name invalid") == State::Done;
    const std::string_view value = FieldText::trimmed(line.substr(colon + 1));
    for (const char c : value) {
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f)
            return fail("FastCGI response head field value invalid") == State::Done;
    }
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
        [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
    if (lower == "status") {
        std::uint64_t code = 0;
        if (value.size() < 3 || !parseNumber(value.substr(0, 3), code) || code < 100 || code > 599
            || (value.size() > 3 && value[3] != ' '))
            return fail("FastCGI response Status invalid") == State::Done;
        m_hasStatus = true;
        m_status = int(code);
        const std::string_view reason = value.size() > 4 ? FieldText::trimmed(value.substr(4)) : "";
        m_reason = reason.empty() ? std::string(ResponseHead::reason(m_status)) : std::string(reason);
        return true;
    }
    if (lower == "content-length") {
        std::uint64_t length = 0;
        if (!parseNumber(value, length) || (m_contentLength && *m_contentLength != length))
            return fail("FastCGI response Content-Length invalid") == State::Done;
        m_contentLength = length;
        return true;
    }
    if (lower == "location")
        m_hasLocation = true;
    m_fields.push_back({ std::string(name), std::string(value) });
    return true;
}

} // namespace hostbench::http::fastcgi
