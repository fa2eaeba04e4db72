// Fuzz target: the load generator's response reading (bench::ResponseReader,
// as BenchConnection uses it: Beast's response_parser with CountingBody, no
// body limit, eager, skip for HEAD, interim 1xx responses skipped), fed
// whole and a byte at a time, the end of the input standing for the server
// closing the connection. The first byte says whether the request was a HEAD.
// Properties:
//  - both feedings end the same way: the same status, body length,
//    keep-alive and number of interim responses skipped, or both an error;
//    but a malformed field line may be refused fed whole while the trickled
//    feeding still waits for the end of the head;
//  - a final response is never an interim one: its status is not 1xx, or
//    it is 101 (RFC 9110 §15.2);
//  - a complete response with Content-Length, and a body by RFC 9112 §6.3
//    (not HEAD, 1xx, 204 or 304), counts exactly that many body bytes.
#include "FuzzCheck.h"

#include "bench/ResponseReader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

using hostbench::bench::ResponseReader;

namespace {

struct Outcome
{
    bool done = false;
    bool failed = false;
    unsigned status = 0;
    std::uint64_t body = 0;
    bool keepAlive = false;
    unsigned interim = 0;
    std::optional<std::uint64_t> contentLength;
};

// BenchConnection::onReceive: feed what is buffered, keep what is not parsed.
ResponseReader::State step(ResponseReader &reader, std::string &buffer)
{
    std::size_t consumed = 0;
    const ResponseReader::State state = reader.feed(buffer.data(), buffer.size(), consumed);
    buffer.erase(0, consumed);
    return state;
}

// BenchConnection::onEof when the input ended before a final response.
Outcome finish(ResponseReader &reader, ResponseReader::State state)
{
    if (state == ResponseReader::State::NeedMore && reader.gotSome())
        state = reader.atEnd(); // the server closed: a body delimited by the close ends here
    Outcome out;
    out.failed = state == ResponseReader::State::Error;
    out.done = state == ResponseReader::State::Done;
    out.interim = reader.interimResponses();
    if (out.done) {
        const auto &parser = reader.parser();
        out.status = parser.get().result_int();
        out.body = parser.get().body();
        out.keepAlive = parser.keep_alive();
        if (const auto length = parser.content_length())
            out.contentLength = *length;
    }
    return out;
}

Outcome whole(std::string_view input, bool head)
{
    ResponseReader reader;
    reader.reset(head);
    std::string buffer(input);
    return finish(reader, step(reader, buffer));
}

Outcome bytewise(std::string_view input, bool head)
{
    ResponseReader reader;
    reader.reset(head);
    std::string buffer;
    ResponseReader::State state = ResponseReader::State::NeedMore;
    for (const char c : input) {
        buffer.push_back(c);
        if ((state = step(reader, buffer)) != ResponseReader::State::NeedMore)
            break;
    }
    return finish(reader, state);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 1 || size > 8192)
        return 0;
    const bool head = (data[0] & 1) != 0;
    const std::string_view input(reinterpret_cast<const char *>(data + 1), size - 1);
    const Outcome a = whole(input, head);
    const Outcome b = bytewise(input, head);
    if (b.failed || b.done) {
        FUZZ_CHECK(a.failed == b.failed);
        FUZZ_CHECK(a.done == b.done);
    } else {
        // Trickled, Beast waits for the blank line after its first try at the
        // fields; fed whole it may already have refused a malformed one.
        FUZZ_CHECK(!a.done);
    }
    if (!a.done)
        return 0;
    FUZZ_CHECK(a.status == b.status && a.body == b.body && a.keepAlive == b.keepAlive);
    FUZZ_CHECK(a.interim == b.interim);
    FUZZ_CHECK(a.status / 100 != 1 || a.status == 101);
    // RFC 9112 §6.3 as Beast applies it: every status but 1xx (here only 101),
    // 204 and 304 may have a body (Beast takes any three digits, 000 to 999,
    // as a status).
    const bool hasBody = !head && a.status / 100 != 1 && a.status != 204 && a.status != 304;
    if (a.contentLength)
        FUZZ_CHECK(a.body == (hasBody ? *a.contentLength : 0));
    if (!hasBody)
        FUZZ_CHECK(a.body == 0);
    return 0;
}
