// Fuzz target: what PHP-FPM sends back, as FastCgiResponder reads it: the
// FastCGI records (fastcgi::Decoder, FastCGI 1.0 §3, §5) and the CGI head at
// the start of FCGI_STDOUT (fastcgi::CgiHead, RFC 3875 §6). The first byte
// is the size of the pieces the input is cut into for the second decoding
// (as reads of a socket would cut it); the rest is the stream.
// Properties:
//  - the stream decoded whole and in pieces gives the same STDOUT bytes, the
//    same STDERR texts, the same end (END_REQUEST's statuses, or malformed);
//  - STDOUT is never more than the input, a STDERR text never over
//    kMaxStderrBytes;
//  - the CGI head read from STDOUT whole and a byte at a time ends the same
//    way (the same state, status, reason, fields, Content-Length and body
//    start);
//  - a head that is Done has a status from 100 to 599, and neither its
//    reason nor any field holds a CR, LF or other control character but a
//    tab, nor a field name anything but token characters: what the engine
//    writes into the response head cannot split it (response splitting).
#include "FuzzCheck.h"

#include "http/FastCgiRecord.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fastcgi = hostbench::http::fastcgi;

namespace {

struct Decoded
{
    std::string stdoutBytes;
    std::vector<std::string> stderrTexts;
    bool ended = false;
    bool malformed = false;
    std::uint32_t appStatus = 0;
    int protocolStatus = 0;
};

// Feeds `pieces` one after another, as FastCgiResponder::decode() does.
Decoded decode(const std::vector<std::string_view> &pieces)
{
    Decoded out;
    fastcgi::Decoder decoder;
    for (std::string_view input : pieces) {
        for (;;) {
            const fastcgi::Decoder::Piece piece = decoder.next(input);
            using Kind = fastcgi::Decoder::Kind;
            if (piece.kind == Kind::NeedMore)
                break;
            if (piece.kind == Kind::Stdout)
                out.stdoutBytes.append(piece.data);
            else if (piece.kind == Kind::Stderr)
                out.stderrTexts.emplace_back(piece.data);
            else if (piece.kind == Kind::End) {
                out.ended = true;
                out.appStatus = piece.appStatus;
                out.protocolStatus = int(piece.protocolStatus);
            } else {
                out.malformed = true;
                return out; // FastCgiResponder answers 502 here
            }
        }
    }
    return out;
}

struct Head
{
    fastcgi::CgiHead::State state = fastcgi::CgiHead::State::NeedMore;
    int status = 0;
    std::string reason;
    std::vector<std::string> fields;
    bool hasLength = false;
    std::uint64_t length = 0;
    std::string bodyStart;
};

Head readHead(std::string_view stdoutBytes, std::size_t step)
{
    fastcgi::CgiHead head;
    Head out;
    while (!stdoutBytes.empty() && head.state() == fastcgi::CgiHead::State::NeedMore) {
        std::string_view piece = stdoutBytes.substr(0, std::min(step, stdoutBytes.size()));
        const std::size_t offered = piece.size();
        head.feed(piece);
        out.bodyStart.append(piece); // what the head did not take: the body's start
        stdoutBytes.remove_prefix(offered);
    }
    out.state = head.state();
    if (out.state != fastcgi::CgiHead::State::Done)
        return out;
    out.bodyStart.append(stdoutBytes);
    out.status = head.status();
    out.reason = head.reason();
    for (const fastcgi::CgiHead::Field &field : head.fields())
        out.fields.push_back(field.name + ": " + field.value);
    out.hasLength = head.contentLength().has_value();
    out.length = head.contentLength().value_or(0);
    return out;
}

bool isTokenChar(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
        || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool isSafeText(std::string_view text)
{
    return std::none_of(text.begin(), text.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && c != '\t') || u == 0x7f;
    });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::size_t step = std::size_t(data[0]) + 1;
    const std::string_view stream(reinterpret_cast<const char *>(data) + 1, size - 1);

    const Decoded whole = decode({ stream });
    std::vector<std::string_view> pieces;
    for (std::size_t at = 0; at < stream.size(); at += step)
        pieces.push_back(stream.substr(at, step));
    const Decoded cut = decode(pieces);
    FUZZ_CHECK(whole.malformed == cut.malformed);
    if (!whole.malformed) {
        FUZZ_CHECK(whole.stdoutBytes == cut.stdoutBytes);
        FUZZ_CHECK(whole.stderrTexts == cut.stderrTexts);
        FUZZ_CHECK(whole.ended == cut.ended);
        FUZZ_CHECK(whole.appStatus == cut.appStatus && whole.protocolStatus == cut.protocolStatus);
    }
    FUZZ_CHECK(whole.stdoutBytes.size() <= stream.size());
    for (const std::string &text : whole.stderrTexts)
        FUZZ_CHECK(text.size() <= fastcgi::Decoder::kMaxStderrBytes);

    const Head once = readHead(whole.stdoutBytes, whole.stdoutBytes.size() + 1);
    const Head trickled = readHead(whole.stdoutBytes, 1);
    FUZZ_CHECK(once.state == trickled.state);
    if (once.state == fastcgi::CgiHead::State::Done) {
        FUZZ_CHECK(once.status == trickled.status && once.reason == trickled.reason);
        FUZZ_CHECK(once.fields == trickled.fields);
        FUZZ_CHECK(once.hasLength == trickled.hasLength && once.length == trickled.length);
        FUZZ_CHECK(once.bodyStart == trickled.bodyStart);
        FUZZ_CHECK(once.status >= 100 && once.status <= 599);
        FUZZ_CHECK(isSafeText(once.reason));
        fastcgi::CgiHead head;
        std::string_view all = whole.stdoutBytes;
        head.feed(all);
        for (const fastcgi::CgiHead::Field &field : head.fields()) {
            FUZZ_CHECK(!field.name.empty() && std::all_of(field.name.begin(), field.name.end(), isTokenChar));
            FUZZ_CHECK(isSafeText(field.value));
        }
    }
    return 0;
}
