#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hostbench::http {

/*
 * The FastCGI 1.0 record codec (FastCGI Specification §3, §5, §6) for the
 * engine's FastCGI client (FastCgiResponder), and the CGI response head
 * that PHP-FPM writes on FCGI_STDOUT (RFC 3875 §6).
 *
 * Our own code rather than a library: libfcgi and its kin are the
 * application's side (they accept requests and answer them), with blocking
 * I/O that owns the socket; a client inside an Asio event loop needs bytes
 * in and out of its own buffers, a piece at a time, to stream bodies with
 * back-pressure and to keep connections in the worker's pool.
 *
 * Pure functions and plain state machines; no I/O. Thread: any (each
 * decoder or parser is used by one thread at a time).
 */
namespace fastcgi {

constexpr std::uint8_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 8;
constexpr std::size_t kMaxContentBytes = 65535;
constexpr std::uint16_t kRequestId = 1; // one request per connection at a time

enum class RecordType : std::uint8_t {
    BeginRequest = 1,
    AbortRequest = 2,
    EndRequest = 3,
    Params = 4,
    Stdin = 5,
    Stdout = 6,
    Stderr = 7,
    Data = 8,
    GetValues = 9,
    GetValuesResult = 10,
    UnknownType = 11,
};

// FCGI_END_REQUEST's protocolStatus (§5.5).
enum class ProtocolStatus : std::uint8_t {
    RequestComplete = 0,
    CantMpxConn = 1,
    Overloaded = 2,
    UnknownRole = 3
};

constexpr std::uint16_t kRoleResponder = 1;
constexpr std::uint8_t kKeepConn = 1;

// Appends one record header (§3.3); `contentLength` <= kMaxContentBytes.
void appendHeader(std::string &out, RecordType type, std::uint16_t requestId, std::size_t contentLength,
    std::uint8_t paddingLength = 0);
// FCGI_BEGIN_REQUEST, role RESPONDER; `keepConn`: FCGI_KEEP_CONN (the
// application leaves the connection open after FCGI_END_REQUEST).
void appendBeginRequest(std::string &out, std::uint16_t requestId, bool keepConn);
// One name-value pair (§3.4): lengths under 128 in one byte, else four (high bit set).
void appendNameValue(std::string &out, std::string_view name, std::string_view value);
// The whole FCGI_PARAMS stream: the pairs in records of at most
// kMaxContentBytes (a pair may span two records), then the empty record that ends it.
void appendParams(std::string &out, std::uint16_t requestId,
    const std::vector<std::pair<std::string, std::string>> &params);
// FCGI_STDIN records carrying `data` (split at kMaxContentBytes); empty `data`: the
// empty record that ends the stream.
void appendStdin(std::string &out, std::uint16_t requestId, std::string_view data);
void appendAbortRequest(std::string &out, std::uint16_t requestId);

/*
 * Decodes the records an application sends back for request `requestId`:
 * FCGI_STDOUT content comes out as it arrives (views into the caller's
 * input, never copied), each FCGI_STDERR record as one whole text (at most
 * kMaxStderrBytes kept of it), FCGI_END_REQUEST with its appStatus and
 * protocolStatus. Padding is skipped; empty STDOUT/STDERR records (the ends
 * of the streams) give nothing. Another version, another request id, or a
 * type other than STDOUT, STDERR and END_REQUEST is Malformed, and so is
 * anything after END_REQUEST on the stream (it stays unread in `input`).
 */
class Decoder final
{
public:
    static constexpr std::size_t kMaxStderrBytes = 4096;

    enum class Kind { NeedMore, Stdout, Stderr, End, Malformed };
    struct Piece
    {
        Kind kind = Kind::NeedMore;
        std::string_view data; // Stdout: a view into the input; Stderr: the record's text
        std::uint32_t appStatus = 0; // End
        ProtocolStatus protocolStatus = ProtocolStatus::RequestComplete; // End
        const char *error = nullptr; // Malformed: why (static)
    };

    explicit Decoder(std::uint16_t requestId = kRequestId)
        : m_requestId(requestId)
    { }

    // The next piece from `input` (consumed from its front); NeedMore once it
    // is used up. After End, NeedMore again (what follows stays in `input`).
    Piece next(std::string_view &input);
    bool ended() const { return m_state == State::Ended; }

private:
    enum class State { Header, Content, Padding, Ended, Failed };
    Piece fail(const char *why);
    Piece startRecord();

    std::uint16_t m_requestId;
    State m_state = State::Header;
    RecordType m_type = RecordType::Stdout;
    std::size_t m_contentLeft = 0;
    std::size_t m_paddingLeft = 0;
    std::string m_header; // a header split across inputs
    std::string m_text; // STDERR or END_REQUEST content being gathered
    std::size_t m_textLength = 0; // the whole STDERR record's length
};

/*
 * The CGI response head (RFC 3875 §6.2, §6.3) at the start of FCGI_STDOUT:
 * header lines ended by CRLF (or LF) and an empty line. "Status: 404 Not
 * Found" gives the status and reason (three digits, 100-599); a Location
 * without Status is a 302 (§6.2.3, §6.2.4); every other field is kept in
 * order, a field sent several times (Set-Cookie) as several. A head over
 * kMaxHeadBytes, a line without a colon, an empty or invalid field name, a
 * control character in a value, a bad Status or Content-Length is an error
 * (the engine's 502).
 */
class CgiHead final
{
public:
    static constexpr std::size_t kMaxHeadBytes = 16 * 1024;

    enum class State { NeedMore, Done, Error };
    struct Field
    {
        std::string name;
        std::string value;
    };

    // Takes head bytes from the front of `data`; at Done, what is left in
    // `data` is the body's start.
    State feed(std::string_view &data);
    State state() const { return m_state; }
    int status() const { return m_status; }
    const std::string &reason() const { return m_reason; }
    const std::vector<Field> &fields() const { return m_fields; } // Status and Content-Length not among them
    std::optional<std::uint64_t> contentLength() const { return m_contentLength; }
    const char *error() const { return m_error; } // Error: why (static)
    bool tooLarge() const { return m_tooLarge; }

private:
    State parse();
    bool parseLine(std::string_view line);
    State fail(const char *why);

    std::string m_bytes;
    State m_state = State::NeedMore;
    int m_status = 200;
    std::string m_reason = "OK";
    bool m_hasStatus = false;
    bool m_hasLocation = false;
    bool m_tooLarge = false;
    std::vector<Field> m_fields;
    std::optional<std::uint64_t> m_contentLength;
    const char *m_error = nullptr;
};

} // namespace fastcgi
} // namespace hostbench::http
