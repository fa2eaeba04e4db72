<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>ButtonTexts</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>&amp;Sim</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>&amp;Não</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salvar</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Aplicar</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Ajuda</translation>
    </message>
</context>
<context>
    <name>ConnectProbe</name>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>Não foi possível conectar a %1: %2</translation>
    </message>
    <message>
        <source>Cannot connect to %1: no answer within %2 s</source>
        <translation>Não foi possível conectar a %1: sem resposta em %2 s</translation>
    </message>
</context>
<context>
    <name>DesktopOpener</name>
    <message>
        <source>No File Manager</source>
        <translation>Nenhum gerenciador de arquivos</translation>
    </message>
    <message>
        <source>No Web Browser</source>
        <translation>Nenhum navegador</translation>
    </message>
    <message>
        <source>No file manager could be started to show this folder:</source>
        <translation>Nenhum gerenciador de arquivos pôde ser iniciado para mostrar esta pasta:</translation>
    </message>
    <message>
        <source>No web browser could be started to open this address:</source>
        <translation>Nenhum navegador pôde ser iniciado para abrir este endereço:</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <source>Host header:            %1
</source>
        <translation>Cabeçalho Host:         %1
</translation>
    </message>
    <message>
        <source>Method:                 %1
</source>
        <translation>Método:                 %1
</translation>
    </message>
    <message>
        <source>Request header:         %1: %2
</source>
        <translation>Cabeçalho enviado:      %1: %2
</translation>
    </message>
    <message>
        <source>Request body:           %1 bytes
</source>
        <translation>Corpo enviado:          %1 bytes
</translation>
    </message>
    <message>
        <source>Request body:           %1 bytes, %2
</source>
        <translation>Corpo enviado:          %1 bytes, %2
</translation>
    </message>
    <message>
        <source>Rate:                   %1 requests/s (open model)
</source>
        <translation>Taxa:                   %1 requisições/s (modelo aberto)
</translation>
    </message>
    <message>
        <source>Warm-up:                %1 (not counted)
</source>
        <translation>Aquecimento:            %1 (não contado)
</translation>
    </message>
    <message>
        <source>Timeout:                %1
</source>
        <translation>Tempo limite:           %1
</translation>
    </message>
    <message>
        <source>Stages:                 %1 (open model)
</source>
        <translation>Estágios:               %1 (modelo aberto)
</translation>
    </message>
</context>
<context>
    <name>SiteValidator</name>
    <message>
        <source>Enter a host name, such as example.test or 127.0.0.2.</source>
        <translation>Digite um nome de host, como example.test ou 127.0.0.2.</translation>
    </message>
    <message>
        <source>Enter the host name alone, without “http://”, a port or a path.</source>
        <translation>Digite apenas o nome do host, sem “http://”, porta ou caminho.</translation>
    </message>
    <message>
        <source>“%1” is not a valid IPv6 address.</source>
        <translation>“%1” não é um endereço IPv6 válido.</translation>
    </message>
    <message>
        <source>A host name has at most 253 characters.</source>
        <translation>Um nome de host tem no máximo 253 caracteres.</translation>
    </message>
    <message>
        <source>A host name may contain only letters a-z, digits, hyphens and dots.</source>
        <translation>Um nome de host só pode conter letras a-z, dígitos, hífens e pontos.</translation>
    </message>
    <message>
        <source>Each part between dots must have 1 to 63 characters.</source>
        <translation>Cada parte entre pontos deve ter de 1 a 63 caracteres.</translation>
    </message>
    <message>
        <source>A part of the name may not start or end with a hyphen.</source>
        <translation>Uma parte do nome não pode começar nem terminar com hífen.</translation>
    </message>
    <message>
        <source>“%1” is neither a valid IPv4 address nor a host name.</source>
        <translation>“%1” não é um endereço IPv4 válido nem um nome de host.</translation>
    </message>
    <message>
        <source>Choose the folder whose files this site serves.</source>
        <translation>Escolha a pasta cujos arquivos este site serve.</translation>
    </message>
    <message>
        <source>Enter an absolute path.</source>
        <translation>Digite um caminho absoluto.</translation>
    </message>
    <message>
        <source>This folder does not exist.</source>
        <translation>Esta pasta não existe.</translation>
    </message>
    <message>
        <source>This is a file, not a folder.</source>
        <translation>Isto é um arquivo, não uma pasta.</translation>
    </message>
    <message>
        <source>This folder cannot be read.</source>
        <translation>Esta pasta não pode ser lida.</translation>
    </message>
    <message>
        <source>This folder is or contains the system folder %1, whose files must never be served: choose a folder of the site&apos;s own.</source>
        <translation>Esta pasta é ou contém a pasta de sistema %1, cujos arquivos nunca devem ser servidos: escolha uma pasta própria do site.</translation>
    </message>
    <message>
        <source>This folder is or contains Hostbench&apos;s data folder %1, whose database, keys and control token must never be served: choose a folder of the site&apos;s own.</source>
        <translation>Esta pasta é ou contém a pasta de dados do Hostbench %1, cujo banco de dados, chaves e token de controle nunca devem ser servidos: escolha uma pasta própria do site.</translation>
    </message>
    <message>
        <source>This folder is inside Hostbench&apos;s data folder %1, whose files must never be served: choose a folder of the site&apos;s own, or one under %2.</source>
        <translation>Esta pasta fica dentro da pasta de dados do Hostbench %1, cujos arquivos nunca devem ser servidos: escolha uma pasta própria do site, ou uma em %2.</translation>
    </message>
    <message>
        <source>The site %1 is not served: its document root %2 is refused. %3</source>
        <translation>O site %1 não é servido: sua raiz de documentos %2 é recusada. %3</translation>
    </message>
    <message>
        <source>A route&apos;s path must start with “/”.</source>
        <translation>O caminho de uma rota deve começar com “/”.</translation>
    </message>
    <message>
        <source>A route&apos;s path may not contain blanks, “?” or “#”.</source>
        <translation>O caminho de uma rota não pode conter espaços, “?” nem “#”.</translation>
    </message>
    <message>
        <source>A route&apos;s status must be between 100 and 599.</source>
        <translation>O status de uma rota deve estar entre 100 e 599.</translation>
    </message>
    <message>
        <source>A route&apos;s content type looks like “text/plain”.</source>
        <translation>O tipo de conteúdo de uma rota tem a forma “text/plain”.</translation>
    </message>
    <message>
        <source>“%1” is already used by the site %2.</source>
        <translation>“%1” já é usado pelo site %2.</translation>
    </message>
    <message>
        <source>Alias “%1”: %2</source>
        <translation>Alias “%1”: %2</translation>
    </message>
    <message>
        <source>“%1” is listed twice.</source>
        <translation>“%1” aparece duas vezes na lista.</translation>
    </message>
    <message>
        <source>The path “%1” has two routes.</source>
        <translation>O caminho “%1” tem duas rotas.</translation>
    </message>
    <message>
        <source>Route %1: %2</source>
        <translation>Rota %1: %2</translation>
    </message>
    <message>
        <source>Give the full path of the log file, or leave it empty for the default.</source>
        <translation>Informe o caminho completo do arquivo de log, ou deixe vazio para o padrão.</translation>
    </message>
    <message>
        <source>This is a folder; give the log file&apos;s name.</source>
        <translation>Isto é uma pasta; informe o nome do arquivo de log.</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>A pasta %1 não existe.</translation>
    </message>
    <message>
        <source>The file %1 cannot be written.</source>
        <translation>O arquivo %1 não pode ser gravado.</translation>
    </message>
    <message>
        <source>The folder %1 cannot be written.</source>
        <translation>A pasta %1 não pode ser gravada.</translation>
    </message>
    <message>
        <source>The HSTS max-age is 0 (off) to %1 seconds (two years).</source>
        <translation>O max-age do HSTS vai de 0 (desligado) a %1 segundos (dois anos).</translation>
    </message>
    <message>
        <source>Give the certificate file with its key, or neither (the local CA issues one).</source>
        <translation>Informe o arquivo de certificado com sua chave, ou nenhum dos dois (a autoridade certificadora local emite um).</translation>
    </message>
    <message>
        <source>The certificate file must be an absolute path.</source>
        <translation>O arquivo de certificado deve ser um caminho absoluto.</translation>
    </message>
    <message>
        <source>Give the key file with its certificate, or neither (the local CA issues one).</source>
        <translation>Informe o arquivo de chave com seu certificado, ou nenhum dos dois (a autoridade certificadora local emite um).</translation>
    </message>
    <message>
        <source>The key file must be an absolute path.</source>
        <translation>O arquivo de chave deve ser um caminho absoluto.</translation>
    </message>
</context>
<context>
    <name>TargetResolver</name>
    <message>
        <source>Sent to %1 with “Host: %2”.</source>
        <translation>Enviado a %1 com “Host: %2”.</translation>
    </message>
</context>
<context>
    <name>UrlProblem</name>
    <message>
        <source>Give the address to load-test, such as %1.</source>
        <translation>Informe o endereço a testar, por exemplo %1.</translation>
    </message>
    <message>
        <source>The address has a blank in it: remove it, or write it as %20.</source>
        <translation>O endereço tem um espaço: remova-o ou escreva-o como %20.</translation>
    </message>
    <message>
        <source>The address names no host: write it as http://HOST:PORT/PATH, such as %1.</source>
        <translation>O endereço não nomeia um host: escreva-o como http://HOST:PORTA/CAMINHO, por exemplo %1.</translation>
    </message>
    <message>
        <source>The port must be a number from 1 to 65535, not &quot;%1&quot;.</source>
        <translation>A porta deve ser um número de 1 a 65535, não &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>The address has a character a URL cannot hold: check it, or copy it from the browser.</source>
        <translation>O endereço tem um caractere que uma URL não pode conter: verifique-o ou copie-o do navegador.</translation>
    </message>
    <message>
        <source>Write the address with http:// or https:// in front, such as %1.</source>
        <translation>Escreva o endereço com http:// ou https:// na frente, como %1.</translation>
    </message>
    <message>
        <source>&quot;%1://&quot; is not a scheme the load generator speaks: write http:// or https://.</source>
        <translation>“%1://” não é um esquema que o gerador de carga fala: escreva http:// ou https://.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::BenchCharts</name>
    <message>
        <source>Throughput</source>
        <translation>Vazão</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requisições/s</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Tempo (s)</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latência</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Milliseconds</source>
        <translation>Milissegundos</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>Latência p99</translation>
    </message>
    <message>
        <source>Engine requests/s</source>
        <translation>Motor: requisições/s</translation>
    </message>
    <message>
        <source>Service p50</source>
        <translation>Atendimento p50</translation>
    </message>
    <message>
        <source>Service p99</source>
        <translation>Atendimento p99</translation>
    </message>
    <message>
        <source>p50 gap</source>
        <translation>Diferença p50</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Escala log.</translation>
    </message>
    <message>
        <source>A logarithmic latency axis: a spike of p99 leaves the median readable</source>
        <translation>Um eixo de latência logarítmico: um pico de p99 deixa a mediana legível</translation>
    </message>
    <message>
        <source>Upstream</source>
        <translation>Upstream</translation>
    </message>
    <message>
        <source>Planned requests/s</source>
        <translation>Requisições/s planejadas</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::BenchmarkPage</name>
    <message>
        <source>Requests:</source>
        <translation>Requisições:</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Duração:</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Iniciar</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <source>http://127.0.0.1:8080/</source>
        <translation>http://127.0.0.1:8080/</translation>
    </message>
    <message>
        <source>Connections open at once (ab -c)</source>
        <translation>Conexões abertas simultaneamente (ab -c)</translation>
    </message>
    <message>
        <source>Requests in all (ab -n)</source>
        <translation>Total de requisições (ab -n)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Length of the run (ab -t)</source>
        <translation>Duração da execução (ab -t)</translation>
    </message>
    <message>
        <source>Load-generator threads; each has its own share of the connections</source>
        <translation>Threads do gerador de carga; cada uma cuida da sua parte das conexões</translation>
    </message>
    <message>
        <source>Several requests per connection (ab -k); without it every request opens a new connection</source>
        <translation>Várias requisições por conexão (ab -k); sem isso, cada requisição abre uma nova conexão</translation>
    </message>
    <message>
        <source>The report appears here when the run ends.</source>
        <translation>O relatório aparece aqui quando a execução terminar.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>&amp;Concorrência:</translation>
    </message>
    <message>
        <source>Length:</source>
        <translation>Limite:</translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation>T&amp;hreads:</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Carga</translation>
    </message>
    <message>
        <source>Requests/s:</source>
        <translation>Requisições/s:</translation>
    </message>
    <message>
        <source>Latency p50 / p99:</source>
        <translation>Latência p50 / p99:</translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>Falhas:</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>Pronto.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Conectando a %1…</translation>
    </message>
    <message>
        <source>The run did not start: %1</source>
        <translation>A execução não foi iniciada: %1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Em execução…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Parando…</translation>
    </message>
    <message>
        <source>Stopped after %1.</source>
        <translation>Parado após %1.</translation>
    </message>
    <message>
        <source>Finished in %1.</source>
        <translation>Concluído em %1.</translation>
    </message>
    <message>
        <source>The run broke off.</source>
        <translation>A execução foi interrompida.</translation>
    </message>
    <message>
        <source>The run broke off and was not stored: %1</source>
        <translation>A execução foi interrompida e não foi salva: %1</translation>
    </message>
    <message>
        <source>The run could not be stored: %1</source>
        <translation>Não foi possível salvar a execução: %1</translation>
    </message>
    <message>
        <source>Start the engine (Server) to test its sites, or enter any http:// URL.</source>
        <translation>Inicie o servidor (aba Servidor) para testar os sites dele, ou digite qualquer URL http://.</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>The load generator cannot use this URL: %1</source>
        <translation>O gerador de carga não pode usar esta URL: %1</translation>
    </message>
    <message>
        <source>Service time p50 / p99:</source>
        <translation>Tempo de atendimento p50 / p99:</translation>
    </message>
    <message>
        <source>Latency − service p50:</source>
        <translation>Latência − atendimento p50:</translation>
    </message>
    <message>
        <source>The client&apos;s latency less the engine&apos;s service time: the time a request spends queued in sockets and in the network stack, and in the load generator</source>
        <translation>A latência do cliente menos o tempo de atendimento do motor: o tempo que uma requisição passa na fila dos sockets, na pilha de rede e no gerador de carga</translation>
    </message>
    <message>
        <source>Measured by the engine: request parsed to response written. Shown when the target is this window&apos;s engine.</source>
        <translation>Medido pelo motor: da requisição lida à resposta escrita. Exibido quando o alvo é o motor desta janela.</translation>
    </message>
    <message>
        <source>Closed model</source>
        <translation>Modelo fechado</translation>
    </message>
    <message>
        <source>Requests per second in all, sent on schedule whatever the answers take (open model, as wrk2 -R and hostbench-cli bench --rate). Empty: each connection sends its next request when the last is answered (closed model, as ab)</source>
        <translation>Requisições por segundo no total, enviadas num ritmo fixo, não importa quanto as respostas demorem (modelo aberto, como wrk2 -R e hostbench-cli bench --rate). Vazio: cada conexão envia a próxima requisição quando a anterior é respondida (modelo fechado, como ab)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Nenhum</translation>
    </message>
    <message>
        <source>Seconds of load sent first and not counted (--warmup), e.g. 2 or 0.5</source>
        <translation>Segundos de carga enviados primeiro e não contados (--warmup), por exemplo 2 ou 0.5</translation>
    </message>
    <message>
        <source>30s</source>
        <translation>30s</translation>
    </message>
    <message>
        <source>A request not answered within this time fails as a timeout (--timeout): ms, or with a unit: 500, 500ms, 1.5s, 2m</source>
        <translation>Uma requisição não respondida dentro deste tempo falha por tempo esgotado (--timeout): ms, ou com uma unidade: 500, 500ms, 1.5s, 2m</translation>
    </message>
    <message>
        <source>The request method (-m); a body makes a GET a POST, as -p does</source>
        <translation>O método da requisição (-m); um corpo transforma um GET em POST, como faz o -p</translation>
    </message>
    <message>
        <source>Name: value, one per line</source>
        <translation>Nome: valor, um por linha</translation>
    </message>
    <message>
        <source>Request headers, one &quot;Name: value&quot; per line (-H); one named Host, User-Agent or Accept replaces the load generator&apos;s own</source>
        <translation>Cabeçalhos da requisição, um &quot;Nome: valor&quot; por linha (-H); um chamado Host, User-Agent ou Accept substitui o do gerador de carga</translation>
    </message>
    <message>
        <source>No body</source>
        <translation>Sem corpo</translation>
    </message>
    <message>
        <source>The request body, sent as UTF-8 as typed (no file given)</source>
        <translation>O corpo da requisição, enviado em UTF-8 como digitado (sem arquivo indicado)</translation>
    </message>
    <message>
        <source>Or a file to send</source>
        <translation>Ou um arquivo a enviar</translation>
    </message>
    <message>
        <source>A file sent as the body instead of the text (-p FILE), read when the run starts</source>
        <translation>Um arquivo enviado como corpo no lugar do texto (-p FILE), lido quando a execução começa</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>The body&apos;s Content-Type (-T), sent with a body</source>
        <translation>O Content-Type do corpo (-T), enviado junto com um corpo</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Execução</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Temporização</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>requisições/s</translation>
    </message>
    <message>
        <source>&amp;Rate:</source>
        <translation>&amp;Taxa:</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>&amp;Warm-up:</source>
        <translation>&amp;Aquecimento:</translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation>Tempo &amp;limite:</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Requisição</translation>
    </message>
    <message>
        <source>Content t&amp;ype:</source>
        <translation>Tip&amp;o MIME:</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>&amp;Método:</translation>
    </message>
    <message>
        <source>Hea&amp;ders:</source>
        <translation>Ca&amp;beçalhos:</translation>
    </message>
    <message>
        <source>B&amp;ody:</source>
        <translation>Co&amp;rpo:</translation>
    </message>
    <message>
        <source>Body fi&amp;le:</source>
        <translation>Arqui&amp;vo do corpo:</translation>
    </message>
    <message>
        <source>The rate is a number of requests per second above 0 and at most %L1, or nothing for the closed model; not &quot;%2&quot;.</source>
        <translation>A taxa é um número de requisições por segundo acima de 0 e de no máximo %L1, ou nada para o modelo fechado; não &quot;%2&quot;.</translation>
    </message>
    <message>
        <source>The warm-up is a number of seconds, e.g. 2 or 0.5; not &quot;%1&quot;.</source>
        <translation>O aquecimento é um número de segundos, por exemplo 2 ou 0.5; não &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>The timeout is a time from 1 ms to 24 hours, in ms or with a unit: 500, 500ms, 1.5s or 2m; not &quot;%1&quot;.</source>
        <translation>O tempo limite é um tempo de 1 ms a 24 horas, em ms ou com uma unidade: 500, 500ms, 1.5s ou 2m; não &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Give a method, e.g. GET or POST.</source>
        <translation>Informe um método, por exemplo GET ou POST.</translation>
    </message>
    <message>
        <source>A method is one word of letters, digits and !#$%&amp;&apos;*+-.^_`|~, e.g. GET or POST; not &quot;%1&quot;.</source>
        <translation>Um método é uma palavra de letras, dígitos e !#$%&amp;&apos;*+-.^_`|~, por exemplo GET ou POST; não &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Line %1, &quot;%2&quot;, is not a header: write Name: value, e.g. Accept: text/html.</source>
        <translation>A linha %1, &quot;%2&quot;, não é um cabeçalho: escreva Nome: valor, por exemplo Accept: text/html.</translation>
    </message>
    <message>
        <source>There is no file &quot;%1&quot;.</source>
        <translation>O arquivo &quot;%1&quot; não existe.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a folder; give a file.</source>
        <translation>&quot;%1&quot; é uma pasta; informe um arquivo.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be read.</source>
        <translation>Não é possível ler &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be read: %2</source>
        <translation>Não é possível ler &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>%1 on the %2 tab</source>
        <translation>%1 na aba %2</translation>
    </message>
    <message>
        <source>Body File</source>
        <translation>Arquivo do corpo</translation>
    </message>
    <message>
        <source>Cannot start: see %1.</source>
        <translation>Não é possível iniciar: veja %1.</translation>
    </message>
    <message>
        <source>Cannot start: %1 (%2)</source>
        <translation>Não é possível iniciar: %1 (%2)</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>No request succeeded: none got a complete answer.</source>
        <translation>Nenhuma requisição teve sucesso: nenhuma recebeu uma resposta completa.</translation>
    </message>
    <message>
        <source>No request succeeded: no answer had a 2xx or 3xx status (%1).</source>
        <translation>Nenhuma requisição teve sucesso: nenhuma resposta teve status 2xx ou 3xx (%1).</translation>
    </message>
    <message>
        <source>Stopped after %1: no request succeeded.</source>
        <translation>Parado após %1: nenhuma requisição teve sucesso.</translation>
    </message>
    <message>
        <source>Finished in %1: no request succeeded.</source>
        <translation>Concluído em %1: nenhuma requisição teve sucesso.</translation>
    </message>
    <message>
        <source>
Upstream time (mean): %1 of %2 proxied responses, as the engine measured it (client latency = network + engine + upstream)</source>
        <translation>
Tempo do upstream (média): %1 de %2 respostas encaminhadas, medido pelo motor (latência do cliente = rede + motor + upstream)</translation>
    </message>
    <message>
        <source>Thresholds:</source>
        <translation>Limiares:</translation>
    </message>
    <message>
        <source>e.g. p99&lt;50ms, errors&lt;0.1%</source>
        <translation>p.ex. p99&lt;50ms, errors&lt;0.1%</translation>
    </message>
    <message>
        <source>Pass/fail conditions on the finished run, parted by commas, as hostbench-cli bench --threshold (k6&apos;s grammar): p50 .. p99.9 (any pN), mean, min or max latency in us, ms or s; rps; errors as a count or a %; non2xx; unfinished; with &lt;, &lt;=, &gt;, &gt;=, == or !=. The report ends with a line each, and the state line says whether all held</source>
        <translation>Condições de aprovação/reprovação da execução terminada, separadas por vírgulas, como hostbench-cli bench --threshold (a gramática do k6): p50 .. p99.9 (qualquer pN), mean, min ou max da latência em us, ms ou s; rps; errors como contagem ou em %; non2xx; unfinished; com &lt;, &lt;=, &gt;, &gt;=, == ou !=. O relatório termina com uma linha para cada uma, e a linha de estado diz se todas foram cumpridas</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %1: all %n threshold(s) held.</source>
        <translation>
            <numerusform>Parado após %1: %n limiar foi cumprido.</numerusform>
            <numerusform>Parado após %1: todos os %n limiares foram cumpridos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: all %n threshold(s) held.</source>
        <translation>
            <numerusform>Concluído em %1: %n limiar foi cumprido.</numerusform>
            <numerusform>Concluído em %1: todos os %n limiares foram cumpridos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %1: %n threshold(s) failed.</source>
        <translation>
            <numerusform>Parado após %1: %n limiar não foi cumprido.</numerusform>
            <numerusform>Parado após %1: %n limiares não foram cumpridos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: %n threshold(s) failed.</source>
        <translation>
            <numerusform>Concluído em %1: %n limiar não foi cumprido.</numerusform>
            <numerusform>Concluído em %1: %n limiares não foram cumpridos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation>Limiares</translation>
    </message>
    <message>
        <source>A threshold does not read: %1.</source>
        <translation>Um limiar não pode ser lido: %1.</translation>
    </message>
    <message>
        <source>The stages do not read: %1.</source>
        <translation>Os estágios não podem ser lidos: %1.</translation>
    </message>
    <message>
        <source>St&amp;ages:</source>
        <translation>&amp;Estágios:</translation>
    </message>
    <message>
        <source>Constant rate</source>
        <translation>Taxa constante</translation>
    </message>
    <message>
        <source>Aborted after %1: the threshold %2 failed.</source>
        <translation>Abortado após %1: o limiar %2 falhou.</translation>
    </message>
    <message>
        <source>The open model in stages, as hostbench-cli bench --stages (k6&apos;s ramping-arrival-rate): DURATION:RATE parted by commas, e.g. 10s:1000,30s:5000,10s:0; each ramps the rate in a straight line to RATE requests/s over DURATION (ms, s, m or h), the first from the Rate of the Timing tab (or 0). The run lasts their sum, whatever its Length says</source>
        <translation>O modelo aberto em estágios, como hostbench-cli bench --stages (ramping-arrival-rate do k6): DURAÇÃO:TAXA separados por vírgulas, por exemplo 10s:1000,30s:5000,10s:0; cada um leva a taxa em linha reta a TAXA requisições/s em DURAÇÃO (ms, s, m ou h), o primeiro a partir da Taxa da aba Temporização (ou 0). A execução dura a soma deles, diga o Comprimento o que disser</translation>
    </message>
    <message>
        <source>Abort on fail</source>
        <translation>Abortar</translation>
    </message>
    <message>
        <source>Aborts the run when a threshold fails, as hostbench-cli bench --abort-on-fail: from 1 s into the measured part on, the thresholds are checked after each 100 ms sample on the figures so far, and the first that fails stops the run (unfinished is checked at the end only)</source>
        <translation>Aborta a execução quando um limiar falha, como hostbench-cli bench --abort-on-fail: a partir de 1 s na parte medida, os limiares são verificados após cada amostra de 100 ms com os números até ali, e o primeiro que falhar para a execução (unfinished só é verificado no fim)</translation>
    </message>
    <message>
        <source>&amp;Keep-alive</source>
        <translation>&amp;Keep-alive</translation>
    </message>
    <message>
        <source>HTTP/2: h2 by ALPN for https://, h2c with prior knowledge for http:// (hostbench-cli bench --h2)</source>
        <translation>HTTP/2: h2 por ALPN para https://, h2c com conhecimento prévio para http:// (hostbench-cli bench --h2)</translation>
    </message>
    <message>
        <source>HTTP/2: requests in flight at a time on each connection, one per stream (--streams, h2load -m)</source>
        <translation>HTTP/2: requisições em andamento ao mesmo tempo em cada conexão, uma por fluxo (--streams, h2load -m)</translation>
    </message>
    <message>
        <source>Streams:</source>
        <translation>Fluxos:</translation>
    </message>
    <message>
        <source>Protocol:</source>
        <translation>Protocolo:</translation>
    </message>
    <message>
        <source>Compare with baseline</source>
        <translation>Comparar com a linha de base</translation>
    </message>
    <message>
        <source>After the run, compares it with the baseline of its method and URL (Set as baseline on the Runs page), as hostbench-cli bench --compare-baseline: faster, slower or no significant change at 95% confidence, for requests/s and p99. A threshold such as rps&gt;=0.95*baseline needs the baseline too</source>
        <translation>Após a execução, compara-a com a linha de base do seu método e URL (Definir como base na página Execuções), como hostbench-cli bench --compare-baseline: mais rápida, mais lenta ou sem mudança significativa com 95% de confiança, para requisições/s e p99. Um limite como rps&gt;=0.95*baseline também precisa da linha de base</translation>
    </message>
    <message>
        <source>No baseline for %1: set one on the Runs page (Set as baseline).</source>
        <translation>Sem linha de base para %1: defina uma na página Execuções (Definir como base).</translation>
    </message>
    <message>
        <source>An SLO does not read: %1.</source>
        <translation>Um SLO não pode ser lido: %1.</translation>
    </message>
    <message>
        <source>Give requests/s above 0, at most %L1.</source>
        <translation>Informe requisições/s acima de 0, no máximo %L1.</translation>
    </message>
    <message>
        <source>SLO:</source>
        <translation>SLO:</translation>
    </message>
    <message>
        <source>Give at least one SLO that each step must meet, e.g. p99&lt;10ms.</source>
        <translation>Informe ao menos um SLO que cada passo deve cumprir, por exemplo p99&lt;10ms.</translation>
    </message>
    <message>
        <source>&amp;Find capacity</source>
        <translation>Achar capaci&amp;dade</translation>
    </message>
    <message>
        <source>Start searches for the highest rate whose steps meet every SLO, as hostbench-cli bench --find-capacity: from the Rate of the Timing tab (100 requests/s when empty) the rate doubles until a step fails, then a bisection narrows it to the precision. Each step runs the warm-up (1 s when empty), then the step length judged; the steps are stored as one run</source>
        <translation>Iniciar procura a maior taxa cujos passos cumprem todos os SLOs, como hostbench-cli bench --find-capacity: a partir da taxa da aba Temporização (100 requisições/s se vazia) a taxa dobra até um passo falhar, depois uma bisseção a estreita até a precisão. Cada passo roda o aquecimento (1 s se vazio), depois a duração avaliada; os passos são salvos como uma execução</translation>
    </message>
    <message>
        <source>e.g. p99&lt;10ms, errors&lt;0.1%</source>
        <translation>p.ex. p99&lt;10ms, errors&lt;0.1%</translation>
    </message>
    <message>
        <source>What every step must meet, parted by commas, in the thresholds&apos; grammar (as --slo): latency pN, mean, min or max in us, ms or s; rps; errors as a count or a %; non2xx</source>
        <translation>O que cada passo deve cumprir, separado por vírgulas, na gramática dos limiares (como --slo): latência pN, mean, min ou max em us, ms ou s; rps; errors como contagem ou em %; non2xx</translation>
    </message>
    <message>
        <source>The judged part of each step, in seconds (--step-duration)</source>
        <translation>A parte avaliada de cada passo, em segundos (--step-duration)</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>The bisection stops when the first failing rate is within this share of the highest passing one (--capacity-precision)</source>
        <translation>A bisseção para quando a primeira taxa que falhou está dentro desta parcela da maior que passou (--capacity-precision)</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>Precisão:</translation>
    </message>
    <message>
        <source>Step length:</source>
        <translation>Por passo:</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>Pau&amp;sar</translation>
    </message>
    <message>
        <source>Pauses an open-model run, and resumes it: while paused no request is sent, those under way finish, and the pause counts in no latency (as PATCH /api/runs/ID with &quot;paused&quot;). The run still ends when it was to</source>
        <translation>Pausa uma execução no modelo aberto e a retoma: em pausa nenhuma requisição é enviada, as em andamento terminam, e a pausa não conta em nenhuma latência (como PATCH /api/runs/ID com &quot;paused&quot;). A execução ainda termina quando deveria</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Aplicar</translation>
    </message>
    <message>
        <source>Gives the open-model run going the Rate typed, in requests per second: from now on its requests are sent at it, in place of what was left of its plan (stages included); as PATCH /api/runs/ID with &quot;rate&quot;. Return in the field does it too</source>
        <translation>Dá à execução em andamento no modelo aberto a taxa digitada, em requisições por segundo: a partir de agora suas requisições são enviadas nela, no lugar do que restava do plano (estágios incluídos); como PATCH /api/runs/ID com &quot;rate&quot;. Enter no campo também faz isso</translation>
    </message>
    <message>
        <source>100 (the first step)</source>
        <translation>100 (o primeiro passo)</translation>
    </message>
    <message>
        <source>1 (each step)</source>
        <translation>1 (cada passo)</translation>
    </message>
    <message>
        <source>The search did not start: %1</source>
        <translation>A busca não foi iniciada: %1</translation>
    </message>
    <message>
        <source>Step 1 at %1 requests/s…</source>
        <translation>Passo 1 a %1 requisições/s…</translation>
    </message>
    <message>
        <source>Step %1 at %2 requests/s…</source>
        <translation>Passo %1 a %2 requisições/s…</translation>
    </message>
    <message>
        <source>Stopped before the first step ended: no capacity found.</source>
        <translation>Parado antes do fim do primeiro passo: nenhuma capacidade encontrada.</translation>
    </message>
    <message>
        <source>No capacity found: the first step, at %1 requests/s, already failed (%2). Try a lower Rate.</source>
        <translation>Nenhuma capacidade encontrada: o primeiro passo, a %1 requisições/s, já falhou (%2). Tente uma taxa menor.</translation>
    </message>
    <message>
        <source>Stopped: the capacity at %1 is at least %2 requests/s.</source>
        <translation>Parado: a capacidade em %1 é de no mínimo %2 requisições/s.</translation>
    </message>
    <message>
        <source>Capacity at %1: at least %2 requests/s (no step failed).</source>
        <translation>Capacidade em %1: no mínimo %2 requisições/s (nenhum passo falhou).</translation>
    </message>
    <message>
        <source>Capacity at %1: %2 requests/s.</source>
        <translation>Capacidade em %1: %2 requisições/s.</translation>
    </message>
    <message>
        <source>The search broke off.</source>
        <translation>A busca foi interrompida.</translation>
    </message>
    <message>
        <source>The search broke off and was not stored: %1</source>
        <translation>A busca foi interrompida e não foi salva: %1</translation>
    </message>
    <message>
        <source>The search could not be stored: %1</source>
        <translation>Não foi possível salvar a busca: %1</translation>
    </message>
    <message>
        <source>Paused: no request is sent until Resume.</source>
        <translation>Em pausa: nenhuma requisição é enviada até Continuar.</translation>
    </message>
    <message>
        <source>Running at %1 requests/s…</source>
        <translation>Em execução a %1 requisições/s…</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>Conti&amp;nuar</translation>
    </message>
    <message>
        <source>Reading the baseline…</source>
        <translation>Lendo a linha de base…</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::CapacityStepModel</name>
    <message>
        <source>pass</source>
        <translation>passou</translation>
    </message>
    <message>
        <source>fail: %1</source>
        <translation>falhou: %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Passo</translation>
    </message>
    <message>
        <source>Asked (req/s)</source>
        <translation>Pedida (req./s)</translation>
    </message>
    <message>
        <source>Achieved (req/s)</source>
        <translation>Atingida (req./s)</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erros</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredito</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::DataFolderErrorBox</name>
    <message>
        <source>Hostbench</source>
        <translation>Hostbench</translation>
    </message>
    <message>
        <source>Hostbench cannot open its data folder.</source>
        <translation>O Hostbench não consegue abrir a pasta de dados.</translation>
    </message>
    <message>
        <source>Save a &amp;Copy</source>
        <translation>Salvar uma &amp;cópia</translation>
    </message>
    <message>
        <source>Copies the database beside it before you change anything</source>
        <translation>Copia o banco de dados ao lado dele antes de você alterar qualquer coisa</translation>
    </message>
    <message>
        <source>Folder: %1

Reason: %2

Nothing was changed. Fix or move the file, or start Hostbench with --data-dir on another folder.</source>
        <translation>Pasta: %1

Motivo: %2

Nada foi alterado. Corrija ou mova o arquivo, ou inicie o Hostbench com --data-dir em outra pasta.</translation>
    </message>
    <message>
        <source>The copy failed: %1</source>
        <translation>A cópia falhou: %1</translation>
    </message>
    <message>
        <source>A copy was saved as %1.</source>
        <translation>Uma cópia foi salva como %1.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineCharts</name>
    <message>
        <source>Last 60 seconds</source>
        <translation>Últimos 60 segundos</translation>
    </message>
    <message>
        <source>Last 10 minutes</source>
        <translation>Últimos 10 minutos</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Última hora</translation>
    </message>
    <message>
        <source>Requests/s by status</source>
        <translation>Requisições/s por status</translation>
    </message>
    <message>
        <source>Service time (ms)</source>
        <translation>Atendimento (ms)</translation>
    </message>
    <message>
        <source>Open connections</source>
        <translation>Conexões abertas</translation>
    </message>
    <message>
        <source>Sent (MiB/s)</source>
        <translation>Enviado (MiB/s)</translation>
    </message>
    <message>
        <source>2xx</source>
        <translation>2xx</translation>
    </message>
    <message>
        <source>3xx</source>
        <translation>3xx</translation>
    </message>
    <message>
        <source>4xx</source>
        <translation>4xx</translation>
    </message>
    <message>
        <source>5xx</source>
        <translation>5xx</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requisições/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Sh&amp;ow:</source>
        <translation>&amp;Mostrar:</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Tempo (s)</translation>
    </message>
    <message>
        <source>Time (min)</source>
        <translation>Tempo (min)</translation>
    </message>
    <message>
        <source>Upstream</source>
        <translation>Upstream</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Servidor</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineController</name>
    <message>
        <source>There is no site to serve: add one in Sites.</source>
        <translation>Não há site para servir: adicione um em Sites.</translation>
    </message>
    <message>
        <source>The control API is off.</source>
        <translation>A API de controle está desativada.</translation>
    </message>
    <message>
        <source>The engine runs without its control API: %1</source>
        <translation>O servidor está em execução sem a API de controle: %1</translation>
    </message>
    <message>
        <source>Control API on http://127.0.0.1:%1/api/status</source>
        <translation>API de controle em http://127.0.0.1:%1/api/status</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2, so the control API listens on port %3 instead.</source>
        <translation>A porta %1 está em uso por %2, então a API de controle escuta na porta %3.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineStatusLine</name>
    <message>
        <source>Open in the browser; select to copy</source>
        <translation>Abrir no navegador; selecione para copiar</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy the URL</source>
        <translation>Copiar a URL</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>Em operação</translation>
    </message>
    <message>
        <source>Engine stopped</source>
        <translation>Servidor parado</translation>
    </message>
    <message>
        <source>%1 req/s</source>
        <translation>%1 req/s</translation>
    </message>
    <message numerus="yes">
        <source>%n open connection(s)</source>
        <translation>
            <numerusform>%n conexão aberta</numerusform>
            <numerusform>%n conexões abertas</numerusform>
        </translation>
    </message>
    <message>
        <source>Serving (port %1 is taken)</source>
        <translation>Em operação (porta %1 ocupada)</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ExportDialog</name>
    <message>
        <source>Export to %1</source>
        <translation>Exportar para %1</translation>
    </message>
    <message numerus="yes">
        <source>Writes the %n stored site(s) as %1 configuration, listening on %2 port %3. Settings that %1 cannot express are comments in the file.</source>
        <translation>
            <numerusform>Grava o %n site armazenado como configuração do %1, escutando em %2 porta %3. As configurações que o %1 não consegue expressar ficam como comentários no arquivo.</numerusform>
            <numerusform>Grava os %n sites armazenados como configuração do %1, escutando em %2 porta %3. As configurações que o %1 não consegue expressar ficam como comentários no arquivo.</numerusform>
        </translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Procurar...</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Arquivo:</translation>
    </message>
    <message>
        <source>Give the file to write.</source>
        <translation>Informe o arquivo a gravar.</translation>
    </message>
    <message>
        <source>Not written: %1</source>
        <translation>Não gravado: %1</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::GaveUpAppsNote</name>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Tentar de novo</translation>
    </message>
    <message>
        <source>Starts the apps that gave up again, once their cause is fixed.</source>
        <translation>Inicia de novo os apps que desistiram, depois de corrigida a causa.</translation>
    </message>
    <message>
        <source>The app of %1 (%2) %3.</source>
        <translation>O app de %1 (%2) %3.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>What an app wrote is on the Logs page, in its site&apos;s app log.</source>
        <translation>O que um app escreveu está na página Logs, no log de app do seu site.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::LogLineModel</name>
    <message>
        <source>Site</source>
        <translation>Site</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Linha</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::LogsPage</name>
    <message>
        <source>&amp;Open Log File</source>
        <translation>&amp;Abrir arquivo de log</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Todos os status</translation>
    </message>
    <message>
        <source>2xx success</source>
        <translation>2xx sucesso</translation>
    </message>
    <message>
        <source>3xx redirection</source>
        <translation>3xx redirecionamento</translation>
    </message>
    <message>
        <source>4xx client error</source>
        <translation>4xx erro do cliente</translation>
    </message>
    <message>
        <source>5xx server error</source>
        <translation>5xx erro do servidor</translation>
    </message>
    <message>
        <source>Error log lines</source>
        <translation>Linhas dos logs de erros</translation>
    </message>
    <message>
        <source>Filter: text in the line</source>
        <translation>Filtro: texto na linha</translation>
    </message>
    <message>
        <source>S&amp;ite:</source>
        <translation>S&amp;ite:</translation>
    </message>
    <message>
        <source>Stat&amp;us:</source>
        <translation>Stat&amp;us:</translation>
    </message>
    <message>
        <source>No site writes a log.</source>
        <translation>Nenhum site grava log.</translation>
    </message>
    <message numerus="yes">
        <source>Following %n file(s) in %1.</source>
        <translation>
            <numerusform>Acompanhando %n arquivo em %1.</numerusform>
            <numerusform>Acompanhando %n arquivos em %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>All sites</source>
        <translation>Todos os sites</translation>
    </message>
    <message numerus="yes">
        <source>Paused while you read: %n new line(s) wait. Scroll to the end to see them.</source>
        <translation>
            <numerusform>Pausado enquanto você lê: %n linha nova aguarda. Role até o fim para vê-la.</numerusform>
            <numerusform>Pausado enquanto você lê: %n linhas novas aguardam. Role até o fim para vê-las.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a line, or a site, to open its log file</source>
        <translation>Selecione uma linha, ou um site, para abrir seu arquivo de log</translation>
    </message>
    <message>
        <source>App output</source>
        <translation>Saída do app</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::MainWindow</name>
    <message>
        <source>Hostbench</source>
        <translation>Hostbench</translation>
    </message>
    <message>
        <source>Sites</source>
        <translation>Sites</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Teste de carga</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Execuções</translation>
    </message>
    <message>
        <source>Virtual hosts: host names, document roots, routes</source>
        <translation>Hosts virtuais: nomes de host, raízes de documentos, rotas</translation>
    </message>
    <message>
        <source>Where the engine listens; start and stop it</source>
        <translation>Onde o servidor escuta; iniciá-lo e pará-lo</translation>
    </message>
    <message>
        <source>Load-test a URL</source>
        <translation>Testar uma URL sob carga</translation>
    </message>
    <message>
        <source>Stored benchmark runs</source>
        <translation>Execuções de teste salvas</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <comment>menu bar</comment>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>Open &amp;Data Folder</source>
        <comment>File menu</comment>
        <translation>Abrir pasta de &amp;dados</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <comment>File menu</comment>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>&amp;Engine</source>
        <comment>menu bar</comment>
        <translation>&amp;Servidor</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <comment>Engine menu</comment>
        <translation>&amp;Iniciar</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <comment>Engine menu</comment>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <comment>menu bar</comment>
        <translation>&amp;Exibir</translation>
    </message>
    <message>
        <source>&amp;Sites</source>
        <comment>View menu</comment>
        <translation>&amp;Sites</translation>
    </message>
    <message>
        <source>Se&amp;rver</source>
        <comment>View menu</comment>
        <translation>Se&amp;rvidor</translation>
    </message>
    <message>
        <source>&amp;Benchmark</source>
        <comment>View menu</comment>
        <translation>&amp;Teste de carga</translation>
    </message>
    <message>
        <source>R&amp;uns</source>
        <comment>View menu</comment>
        <translation>&amp;Execuções</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <comment>menu bar</comment>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <source>&amp;About Hostbench</source>
        <comment>Help menu</comment>
        <translation>&amp;Sobre o Hostbench</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <comment>Help menu</comment>
        <translation>Sobre o &amp;Qt</translation>
    </message>
    <message>
        <source>About Hostbench</source>
        <translation>Sobre o Hostbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Hostbench %1&lt;/h3&gt;&lt;p&gt;A web server with name-based virtual hosts, a load generator in the spirit of ApacheBench and wrk, and this window to run both.&lt;/p&gt;&lt;p&gt;Data folder: &lt;code&gt;%2&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Licence: GNU General Public License, version 3 or later (GPL-3.0-or-later). Hostbench comes with no warranty.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Hostbench %1&lt;/h3&gt;&lt;p&gt;Um servidor web com hosts virtuais baseados em nome, um gerador de carga no espírito do ApacheBench e do wrk, e esta janela para operar os dois.&lt;/p&gt;&lt;p&gt;Pasta de dados: &lt;code&gt;%2&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Licença: GNU General Public License, versão 3 ou posterior (GPL-3.0-or-later). O Hostbench não oferece nenhuma garantia.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Hostbench is still running</source>
        <translation>O Hostbench continua em execução</translation>
    </message>
    <message>
        <source>The engine goes on serving. Click the icon to show the window, or quit from its menu. On the Server page you can have the window quit instead.</source>
        <translation>O servidor continua atendendo. Clique no ícone para mostrar a janela ou saia pelo menu dele. Na aba Servidor você pode fazer a janela encerrar o Hostbench em vez disso.</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <comment>File menu</comment>
        <translation>&amp;Exportar</translation>
    </message>
    <message>
        <source>Wrote %1. Start it with: %2</source>
        <translation>%1 gravado. Inicie-o com: %2</translation>
    </message>
    <message>
        <source>Benchmark stopped</source>
        <translation>Benchmark interrompido</translation>
    </message>
    <message>
        <source>Benchmark finished</source>
        <translation>Benchmark concluído</translation>
    </message>
    <message>
        <source>%1 requests/s, p99 %2 (%3)</source>
        <translation>%1 requisições/s, p99 %2 (%3)</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Logs</translation>
    </message>
    <message>
        <source>The access and error logs of every site, live</source>
        <translation>Os logs de acesso e de erros de cada site, ao vivo</translation>
    </message>
    <message>
        <source>&amp;Logs</source>
        <comment>View menu</comment>
        <translation>&amp;Logs</translation>
    </message>
    <message>
        <source>Shootout</source>
        <translation>Shootout</translation>
    </message>
    <message>
        <source>Hostbench beside nginx, lighttpd, h2o, Apache and Caddy on the same site</source>
        <translation>Hostbench ao lado de nginx, lighttpd, h2o, Apache e Caddy no mesmo site</translation>
    </message>
    <message>
        <source>S&amp;hootout</source>
        <comment>View menu</comment>
        <translation>S&amp;hootout</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::MetricsPanel</name>
    <message>
        <source>Uptime</source>
        <translation>Tempo ativo</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Requisições</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requisições/s</translation>
    </message>
    <message>
        <source>Service time p50 / p99</source>
        <translation>Tempo de atendimento p50 / p99</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Enviado</translation>
    </message>
    <message>
        <source>2xx / 3xx / 4xx / 5xx</source>
        <translation>2xx / 3xx / 4xx / 5xx</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>TLS handshakes/s</source>
        <translation>Handshakes TLS/s</translation>
    </message>
    <message>
        <source>Resumed / TLS errors</source>
        <translation>Retomados / erros TLS</translation>
    </message>
    <message>
        <source>%1% of %2</source>
        <translation>%1% de %2</translation>
    </message>
    <message>
        <source>Connections open / accepted</source>
        <translation>Conexões abertas / aceitas</translation>
    </message>
    <message>
        <source>HTTP/2 connections / streams each / resets</source>
        <translation>Conexões HTTP/2 / fluxos por conexão / resets</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::PortConflictDialog</name>
    <message>
        <source>Use &amp;another port:</source>
        <translation>Usar &amp;outra porta:</translation>
    </message>
    <message>
        <source>Engine Port Taken</source>
        <translation>Porta do servidor ocupada</translation>
    </message>
    <message>
        <source>Control API Port Taken</source>
        <translation>Porta da API de controle ocupada</translation>
    </message>
    <message>
        <source>The engine cannot listen on port %1: it is in use by %2.</source>
        <translation>O servidor não pode escutar na porta %1: ela está em uso por %2.</translation>
    </message>
    <message>
        <source>The control API cannot listen on port %1: it is in use by %2.</source>
        <translation>A API de controle não pode escutar na porta %1: ela está em uso por %2.</translation>
    </message>
    <message>
        <source>Which port should it use instead?</source>
        <translation>Qual porta usar no lugar?</translation>
    </message>
    <message>
        <source>Use the &amp;next free port, %1</source>
        <translation>Usar a &amp;próxima porta livre, %1</translation>
    </message>
    <message>
        <source>No free port in the next %1</source>
        <translation>Nenhuma porta livre nas próximas %1</translation>
    </message>
    <message>
        <source>&amp;Use This Port</source>
        <translation>&amp;Usar esta porta</translation>
    </message>
    <message>
        <source>Port %1 is in use too, by %2.</source>
        <translation>A porta %1 também está em uso, por %2.</translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
    <message>
        <source>a program of another user (which one cannot be told)</source>
        <translation>um programa de outro usuário (não é possível saber qual)</translation>
    </message>
    <message>
        <source>another program (which one cannot be told)</source>
        <translation>outro programa (não é possível saber qual)</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ProxyRouteTableModel</name>
    <message>
        <source>Path Prefix</source>
        <translation>Prefixo de caminho</translation>
    </message>
    <message>
        <source>Upstream URL</source>
        <translation>URL do upstream</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ProxyRoutesEditor</name>
    <message>
        <source>Add Path</source>
        <translation>Adicionar caminho</translation>
    </message>
    <message>
        <source>Remove Path</source>
        <translation>Remover caminho</translation>
    </message>
    <message>
        <source>Requests for this path and below (whole segments; / is the whole site) go to the app at http://HOST:PORT[/PATH] or unix:/path/to.sock.</source>
        <translation>As requisições para este caminho e abaixo (segmentos inteiros; / é o site inteiro) vão para o app em http://HOST:PORTA[/CAMINHO] ou unix:/caminho/para.sock.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RouteTableModel</name>
    <message>
        <source>Path</source>
        <translation>Caminho</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Content Type</source>
        <translation>Tipo de conteúdo</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Corpo</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RoutesEditor</name>
    <message>
        <source>Add Route</source>
        <translation>Adicionar rota</translation>
    </message>
    <message>
        <source>Remove Route</source>
        <translation>Remover rota</translation>
    </message>
    <message>
        <source>A request for exactly this path (GET or HEAD) is answered with this status, content type and body; no file is read.</source>
        <translation>Uma requisição (GET ou HEAD) para exatamente este caminho é respondida com este status, tipo de conteúdo e corpo; nenhum arquivo é lido.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunCompareDialog</name>
    <message>
        <source>Compare Runs</source>
        <translation>Comparar execuções</translation>
    </message>
    <message>
        <source>open %1/s</source>
        <translation>aberto %1/s</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>fechado</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>A 95% bootstrap confidence interval on the ratio of the requests/s (blocks of 100 ms samples) and of the p99 (the latency histograms); see the README</source>
        <translation>Um intervalo de confiança bootstrap de 95% da razão das requisições/s (blocos de amostras de 100 ms) e do p99 (os histogramas de latência); veja o README</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>faster, %1 (%2 to %3)</source>
        <translation>mais rápido, %1 (%2 a %3)</translation>
    </message>
    <message>
        <source>slower, %1 (%2 to %3)</source>
        <translation>mais lento, %1 (%2 a %3)</translation>
    </message>
    <message>
        <source>no significant change, %1 (%2 to %3)</source>
        <translation>sem mudança significativa, %1 (%2 a %3)</translation>
    </message>
    <message>
        <source>cannot tell: %1</source>
        <translation>impossível dizer: %1</translation>
    </message>
    <message>
        <source>%1 against %2, at 95% confidence: requests/s %3; p99 %4.</source>
        <translation>%1 em relação a %2, com 95% de confiança: requisições/s %3; p99 %4.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunCompareModel</name>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sim</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Não</translation>
    </message>
    <message>
        <source>%1 (×%2)</source>
        <translation>%1 (×%2)</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Extensão</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Concorrência</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Keep-alive</source>
        <translation>Keep-alive</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requisições/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Máx.</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falhas</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunExportDialog</name>
    <message>
        <source>Export Runs</source>
        <translation>Exportar execuções</translation>
    </message>
    <message numerus="yes">
        <source>Writes the %n selected run(s). JSON: an array with, for each run, what hostbench-cli runs export --json writes (summary, parameters, percentiles, samples). CSV: one line per 100 ms sample of each run, the run&apos;s id first. Leave a field empty to skip that file.</source>
        <translation>
            <numerusform>Grava %n execução selecionada. JSON: um array com o que hostbench-cli runs export --json grava para a execução (resumo, parâmetros, percentis, amostras). CSV: uma linha por amostra de 100 ms, com o id da execução primeiro. Deixe um campo vazio para não gravar esse arquivo.</numerusform>
            <numerusform>Grava as %n execuções selecionadas. JSON: um array com, para cada execução, o que hostbench-cli runs export --json grava (resumo, parâmetros, percentis, amostras). CSV: uma linha por amostra de 100 ms de cada execução, com o id da execução primeiro. Deixe um campo vazio para não gravar esse arquivo.</numerusform>
        </translation>
    </message>
    <message>
        <source>A JSON array, one object per run as hostbench-cli runs export --json writes it</source>
        <translation>Um array JSON, um objeto por execução, como hostbench-cli runs export --json o escreve</translation>
    </message>
    <message>
        <source>One line per 100 ms sample of each run: run_id, then the columns of hostbench-cli runs export --csv</source>
        <translation>Uma linha por amostra de 100 ms de cada execução: run_id, depois as colunas de hostbench-cli runs export --csv</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Procurar...</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>Arquivos JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Arquivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>&amp;JSON file:</source>
        <translation>Arquivo &amp;JSON:</translation>
    </message>
    <message>
        <source>C&amp;SV file:</source>
        <translation>Arquivo C&amp;SV:</translation>
    </message>
    <message>
        <source>Give a JSON file, a CSV file or both.</source>
        <translation>Informe um arquivo JSON, um arquivo CSV ou ambos.</translation>
    </message>
    <message>
        <source>Not written: %1</source>
        <translation>Não gravado: %1</translation>
    </message>
    <message>
        <source>Written: %1. The other file was not: see the message under its field.</source>
        <translation>Gravado: %1. O outro arquivo não foi: veja a mensagem sob o seu campo.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunListModel</name>
    <message>
        <source>%1 (Host: %2)</source>
        <translation>%1 (Host: %2)</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Concorrência</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Requisições</translation>
    </message>
    <message>
        <source>Req/s</source>
        <translation>Req/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falhas</translation>
    </message>
    <message>
        <source>open, %1 req/s</source>
        <translation>aberto, %1 req/s</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>fechado</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 requisições</translation>
    </message>
    <message>
        <source>Open model: requests sent at a constant rate, latency corrected for coordinated omission</source>
        <translation>Modelo aberto: requisições enviadas a taxa constante, latência corrigida para omissão coordenada</translation>
    </message>
    <message>
        <source>Closed model: each connection sends its next request when the last one is answered</source>
        <translation>Modelo fechado: cada conexão envia a próxima requisição quando a anterior é respondida</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <source>no</source>
        <translation>não</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Extensão</translation>
    </message>
    <message>
        <source>Keep-alive</source>
        <translation>Keep-alive</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Load model: closed (each connection waits for its answer) or open (a constant rate of requests per second)</source>
        <translation>Modelo de carga: fechado (cada conexão espera sua resposta) ou aberto (taxa constante de requisições por segundo)</translation>
    </message>
    <message>
        <source>How long the run was asked to last, or how many requests it was asked to send</source>
        <translation>Quanto tempo a execução devia durar, ou quantas requisições devia enviar</translation>
    </message>
    <message>
        <source>Whether connections were kept alive for further requests</source>
        <translation>Se as conexões foram mantidas abertas para outras requisições</translation>
    </message>
    <message>
        <source>Connections open at once</source>
        <translation>Conexões abertas ao mesmo tempo</translation>
    </message>
    <message>
        <source>Load generator threads</source>
        <translation>Threads do gerador de carga</translation>
    </message>
    <message>
        <source>Requests answered</source>
        <translation>Requisições respondidas</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>Requisições por segundo</translation>
    </message>
    <message>
        <source>Median latency (50th percentile)</source>
        <translation>Latência mediana (percentil 50)</translation>
    </message>
    <message>
        <source>99th percentile latency</source>
        <translation>Latência no percentil 99</translation>
    </message>
    <message>
        <source>Requests that failed (connect, read, write, timeout, parse)</source>
        <translation>Requisições que falharam (conexão, leitura, escrita, tempo esgotado, análise)</translation>
    </message>
    <message>
        <source>Double-click to write a note</source>
        <translation>Clique duas vezes para escrever uma nota</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <source>Your note on the run: double-click or F2 to write it; it is stored at once</source>
        <translation>Sua nota sobre a execução: clique duas vezes ou F2 para escrevê-la; ela é salva na hora</translation>
    </message>
    <message>
        <source>broken off at %1 of %2</source>
        <translation>interrompido em %1 de %2</translation>
    </message>
    <message>
        <source>broken off, nothing stored (%1)</source>
        <translation>interrompido, nada armazenado (%1)</translation>
    </message>
    <message>
        <source>stopped at %1 of %2</source>
        <translation>parado em %1 de %2</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1
Shootout %2: %3, workload %4, round %5</source>
        <translation>%1
Shootout %2: %3, carga %4, rodada %5</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Execução</translation>
    </message>
    <message>
        <source>The run&apos;s number, as the Compare dialog and hostbench-cli runs name it</source>
        <translation>O número da execução, como o diálogo Comparar e o hostbench-cli runs o chamam</translation>
    </message>
    <message>
        <source>The URL the run was sent to; for a shootout&apos;s run, the server it measured first</source>
        <translation>A URL para a qual a execução foi enviada; numa execução de shootout, precedida pelo servidor medido</translation>
    </message>
    <message>
        <source>running, at %1 of %2</source>
        <translation>em andamento, em %1 de %2</translation>
    </message>
    <message>
        <source>starting (%1)</source>
        <translation>iniciando (%1)</translation>
    </message>
    <message>
        <source>open, in stages</source>
        <translation>aberto, em estágios</translation>
    </message>
    <message>
        <source>aborted at %1 of %2 (%3)</source>
        <translation>abortado em %1 de %2 (%3)</translation>
    </message>
    <message>
        <source>Open model in stages: %1, latency corrected for coordinated omission</source>
        <translation>Modelo aberto em estágios: %1, latência corrigida para omissão coordenada</translation>
    </message>
    <message>
        <source>The baseline of %1: hostbench-cli bench --compare-baseline compares the runs of this method and URL with it</source>
        <translation>A base de %1: hostbench-cli bench --compare-baseline compara com ela as execuções deste método e URL</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunsPage</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Atualizar</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Excluir</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Comparar</translation>
    </message>
    <message>
        <source>Read the list again, with runs stored by hostbench-cli (F5)</source>
        <translation>Ler a lista de novo, com as execuções salvas pelo hostbench-cli (F5)</translation>
    </message>
    <message>
        <source>Compare the selected runs side by side (select several with Ctrl or Shift)</source>
        <translation>Comparar lado a lado as execuções selecionadas (selecione várias com Ctrl ou Shift)</translation>
    </message>
    <message>
        <source>Select a run to see its report.</source>
        <translation>Selecione uma execução para ver o relatório.</translation>
    </message>
    <message>
        <source>The newest %1 runs</source>
        <translation>As %1 execuções mais recentes</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n execução</numerusform>
            <numerusform>%n execuções</numerusform>
        </translation>
    </message>
    <message>
        <source>No runs yet: start one in Benchmark.</source>
        <translation>Nenhuma execução ainda: inicie uma em Teste de carga.</translation>
    </message>
    <message>
        <source>Delete Run</source>
        <translation>Excluir execução</translation>
    </message>
    <message>
        <source>Delete this run and its samples? This cannot be undone.</source>
        <translation>Excluir esta execução e suas amostras? Isso não pode ser desfeito.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <source>Run Not Deleted</source>
        <translation>Execução não excluída</translation>
    </message>
    <message>
        <source>E&amp;xport...</source>
        <translation>E&amp;xportar...</translation>
    </message>
    <message>
        <source>Write the selected runs to a JSON file (one object per run) and a CSV file (one line per 100 ms sample)</source>
        <translation>Gravar as execuções selecionadas num arquivo JSON (um objeto por execução) e num arquivo CSV (uma linha por amostra de 100 ms)</translation>
    </message>
    <message>
        <source>Delete these %1 runs and their samples? This cannot be undone.</source>
        <translation>Excluir estas %1 execuções e suas amostras? Isso não pode ser desfeito.</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Nota: %1</translation>
    </message>
    <message>
        <source>Note Not Saved</source>
        <translation>Nota não salva</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n run(s) to %1.</source>
        <translation>
            <numerusform>%n execução exportada para %1.</numerusform>
            <numerusform>%n execuções exportadas para %1.</numerusform>
        </translation>
    </message>
    <message>
        <source> and </source>
        <translation> e </translation>
    </message>
    <message>
        <source>%1 · %2 — %3</source>
        <translation>%1 · %2 — %3</translation>
    </message>
    <message>
        <source>The runs cannot be read: %1</source>
        <translation>Não é possível ler as execuções: %1</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Carregando…</translation>
    </message>
    <message>
        <source>Export re&amp;port…</source>
        <translation>Exportar &amp;relatório…</translation>
    </message>
    <message>
        <source>Set as &amp;baseline</source>
        <translation>Definir como &amp;base</translation>
    </message>
    <message>
        <source>Write the selected run&apos;s report to share: an HTML page that a browser shows offline, or Markdown for a pull-request comment (by the file&apos;s suffix)</source>
        <translation>Gravar o relatório da execução selecionada para compartilhar: uma página HTML que um navegador mostra offline, ou Markdown para um comentário de pull request (pelo sufixo do arquivo)</translation>
    </message>
    <message>
        <source>Make the selected run the baseline of its method and URL: hostbench-cli bench --compare-baseline compares new runs with it</source>
        <translation>Tornar a execução selecionada a base de seu método e URL: hostbench-cli bench --compare-baseline compara com ela as novas execuções</translation>
    </message>
    <message>
        <source>Baseline Not Changed</source>
        <translation>Base não alterada</translation>
    </message>
    <message>
        <source>HTML page (*.html *.htm)</source>
        <translation>Página HTML (*.html *.htm)</translation>
    </message>
    <message>
        <source>Markdown (*.md *.markdown)</source>
        <translation>Markdown (*.md *.markdown)</translation>
    </message>
    <message>
        <source>Export Report of Run %1</source>
        <translation>Exportar relatório da execução %1</translation>
    </message>
    <message>
        <source>Report of run %1 written to %2.</source>
        <translation>Relatório da execução %1 gravado em %2.</translation>
    </message>
    <message>
        <source>Report of run %1 not written: %2</source>
        <translation>Relatório da execução %1 não gravado: %2</translation>
    </message>
    <message>
        <source>Clear base&amp;line</source>
        <translation>Re&amp;mover a base</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ServerPage</name>
    <message>
        <source>Start the engine at launch</source>
        <translation>Iniciar o servidor ao abrir o programa</translation>
    </message>
    <message>
        <source>Control API on 127.0.0.1, port</source>
        <translation>API de controle em 127.0.0.1, porta</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Iniciar</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <source>127.0.0.1 serves this computer only; 0.0.0.0 or :: serves the network too.</source>
        <translation>127.0.0.1 atende somente este computador; 0.0.0.0 ou :: atende também a rede.</translation>
    </message>
    <message>
        <source>Any free port</source>
        <translation>Qualquer porta livre</translation>
    </message>
    <message>
        <source>One per core (%1)</source>
        <translation>Uma por núcleo (%1)</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>A request head must arrive within this time of its first byte.</source>
        <translation>O cabeçalho de uma requisição deve chegar dentro deste tempo após o primeiro byte.</translation>
    </message>
    <message>
        <source>An idle kept-alive connection is closed after this time.</source>
        <translation>Uma conexão keep-alive ociosa é fechada após este tempo.</translation>
    </message>
    <message>
        <source>A response the client stops reading is abandoned after this time.</source>
        <translation>Uma resposta que o cliente para de ler é abandonada após este tempo.</translation>
    </message>
    <message>
        <source>Open connections per worker thread; more are answered 503.</source>
        <translation>Conexões abertas por thread de trabalho; as excedentes recebem 503.</translation>
    </message>
    <message>
        <source>GET /api/status (JSON) and GET /metrics (Prometheus) while the engine runs.</source>
        <translation>GET /api/status (JSON) e GET /metrics (Prometheus) enquanto o servidor está em execução.</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Idioma do sistema</translation>
    </message>
    <message>
        <source>Listen &amp;address:</source>
        <translation>&amp;Endereço de escuta:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>P&amp;orta:</translation>
    </message>
    <message>
        <source>&amp;Worker threads:</source>
        <translation>&amp;Threads de trabalho:</translation>
    </message>
    <message>
        <source>&amp;Header timeout:</source>
        <translation>Tempo limite do ca&amp;beçalho:</translation>
    </message>
    <message>
        <source>&amp;Keep-alive timeout:</source>
        <translation>Tempo limite de &amp;keep-alive:</translation>
    </message>
    <message>
        <source>S&amp;end timeout:</source>
        <translation>Tempo limite de e&amp;nvio:</translation>
    </message>
    <message>
        <source>&amp;Connections per worker:</source>
        <translation>&amp;Conexões por thread:</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <source>Takes effect when Hostbench starts again.</source>
        <translation>Entra em vigor na próxima vez que o Hostbench for iniciado.</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Janela</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>I&amp;dioma:</translation>
    </message>
    <message>
        <source>Live Counters</source>
        <translation>Contadores ao vivo</translation>
    </message>
    <message>
        <source>“%1” is not an IP address. Use 127.0.0.1 for this computer only, 0.0.0.0 for every IPv4 interface.</source>
        <translation>“%1” não é um endereço IP. Use 127.0.0.1 somente para este computador, 0.0.0.0 para todas as interfaces IPv4.</translation>
    </message>
    <message>
        <source>The settings could not be saved: %1</source>
        <translation>Não foi possível salvar as configurações: %1</translation>
    </message>
    <message>
        <source>The engine did not start: %1</source>
        <translation>O servidor não foi iniciado: %1</translation>
    </message>
    <message numerus="yes">
        <source>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; with %n worker thread(s).</source>
        <translation>
            <numerusform>Servindo &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; com %n thread de trabalho.</numerusform>
            <numerusform>Servindo &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; com %n threads de trabalho.</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine is stopped.</source>
        <translation>O servidor está parado.</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2, so the engine serves on port %3 instead.</source>
        <translation>A porta %1 está ocupada por %2, então o servidor atende na porta %3.</translation>
    </message>
    <message>
        <source>Keep running in the system tray when the window is closed</source>
        <translation>Continuar na bandeja do sistema quando a janela for fechada</translation>
    </message>
    <message>
        <source>This desktop has no system tray: closing the window quits Hostbench.</source>
        <translation>Esta área de trabalho não tem bandeja do sistema: fechar a janela encerra o Hostbench.</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2; the engine was not started.</source>
        <translation>A porta %1 está em uso por %2; o servidor não foi iniciado.</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2. Start again to choose another port.</source>
        <translation>A porta %1 está em uso por %2. Inicie de novo para escolher outra porta.</translation>
    </message>
    <message>
        <source>Use the next free port if taken</source>
        <translation>Se ocupada, usar a próxima porta livre</translation>
    </message>
    <message>
        <source>Keep running in the tray when closed</source>
        <translation>Ao fechar, continuar na bandeja</translation>
    </message>
    <message>
        <source>If the port is taken, the engine and the control API move to the next free port without asking and say so; the port set here stays as it is.</source>
        <translation>Se a porta estiver ocupada, o motor e a API de controle passam sem perguntar para a próxima porta livre e avisam; a porta definida aqui continua como está.</translation>
    </message>
    <message>
        <source>Untick it to be asked which port to use instead.</source>
        <translation>Desmarque para ser perguntado qual porta usar em vez disso.</translation>
    </message>
    <message>
        <source>HTTPS on port</source>
        <translation>HTTPS na porta</translation>
    </message>
    <message>
        <source>T&amp;rust the CA…</source>
        <translation>Con&amp;fiar na AC…</translation>
    </message>
    <message>
        <source>Serves every site over HTTPS too, on the listen address and this port, with a certificate from Hostbench&apos;s own certificate authority.</source>
        <translation>Serve cada site também por HTTPS, no endereço de escuta e nesta porta, com um certificado da autoridade certificadora própria do Hostbench.</translation>
    </message>
    <message>
        <source>Makes this computer&apos;s certificate store and the browsers&apos; (Chromium, Firefox) trust Hostbench&apos;s certificate authority, so that HTTPS pages open without a warning. What cannot be done as this user is shown as commands to run.</source>
        <translation>Faz o repositório de certificados deste computador e os dos navegadores (Chromium, Firefox) confiarem na autoridade certificadora do Hostbench, para que páginas HTTPS abram sem aviso. O que não pode ser feito como este usuário é mostrado como comandos a executar.</translation>
    </message>
    <message>
        <source>HTTPS: %1</source>
        <translation>HTTPS: %1</translation>
    </message>
    <message>
        <source>There is no data folder, so there is no certificate authority to trust.</source>
        <translation>Não há pasta de dados, portanto não há autoridade certificadora em que confiar.</translation>
    </message>
    <message>
        <source>Trusting…</source>
        <translation>Confiando…</translation>
    </message>
    <message>
        <source>Trust Hostbench&apos;s certificate authority</source>
        <translation>Confiar na autoridade certificadora do Hostbench</translation>
    </message>
    <message>
        <source>Each trust store below says what was done. Restart the browser if it was open.</source>
        <translation>Cada repositório de certificados abaixo diz o que foi feito. Reinicie o navegador se ele estava aberto.</translation>
    </message>
    <message>
        <source>Not every trust store could be changed.</source>
        <translation>Nem todo repositório de certificados pôde ser alterado.</translation>
    </message>
    <message numerus="yes">
        <source>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; and &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; with %n worker thread(s).</source>
        <translation>
            <numerusform>Servindo &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; e &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; com %n thread de trabalho.</numerusform>
            <numerusform>Servindo &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; e &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; com %n threads de trabalho.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ShootoutCharts</name>
    <message>
        <source>Requests per second (median)</source>
        <translation>Requisições por segundo (mediana)</translation>
    </message>
    <message>
        <source>p99 latency (median)</source>
        <translation>Latência p99 (mediana)</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>requisições/s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>capacity (requests/s)</source>
        <translation>capacidade (requisições/s)</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ShootoutPage</name>
    <message>
        <source>What the shootout says as it goes.</source>
        <translation>O que o shootout informa durante a execução.</translation>
    </message>
    <message>
        <source>Shootout</source>
        <translation>Shootout</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Início</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Servidores</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>Cargas</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Execuções</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Carga</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requisições/s</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>Dispersão</translation>
    </message>
    <message>
        <source>Ratio to best</source>
        <translation>Razão ao melhor</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>CPU µs/request</source>
        <translation>CPU µs/requisição</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erros</translation>
    </message>
    <message>
        <source>%1 (missing: apt-get install %2)</source>
        <translation>%1 (ausente: apt-get install %2)</translation>
    </message>
    <message>
        <source>Closed: connections</source>
        <translation>Fechado: conexões</translation>
    </message>
    <message>
        <source>Open: requests per second</source>
        <translation>Aberto: requisições por segundo</translation>
    </message>
    <message>
        <source>each workload&apos;s own</source>
        <translation>a de cada carga</translation>
    </message>
    <message>
        <source>&amp;Keep-alive</source>
        <translation>&amp;Keep-alive</translation>
    </message>
    <message>
        <source> requests/s</source>
        <translation> requisições/s</translation>
    </message>
    <message>
        <source> s per run</source>
        <translation> s por execução</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modelo:</translation>
    </message>
    <message>
        <source>&amp;Connections:</source>
        <translation>&amp;Conexões:</translation>
    </message>
    <message>
        <source>R&amp;ate:</source>
        <translation>&amp;Taxa:</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>&amp;Duração:</translation>
    </message>
    <message>
        <source>R&amp;ounds:</source>
        <translation>R&amp;odadas:</translation>
    </message>
    <message>
        <source>&amp;Run Shootout</source>
        <translation>&amp;Executar shootout</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <source>Pick at least one server.</source>
        <translation>Escolha pelo menos um servidor.</translation>
    </message>
    <message>
        <source>Pick at least one workload.</source>
        <translation>Escolha pelo menos uma carga.</translation>
    </message>
    <message>
        <source>hostbench-cli is not found beside Hostbench nor on PATH.</source>
        <translation>hostbench-cli não foi encontrado ao lado do Hostbench nem no PATH.</translation>
    </message>
    <message>
        <source>Cannot start %1: %2</source>
        <translation>Não é possível iniciar %1: %2</translation>
    </message>
    <message>
        <source>Starting the servers and checking their answers…</source>
        <translation>Iniciando os servidores e verificando suas respostas…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Parando…</translation>
    </message>
    <message>
        <source>The shootout ended abnormally.</source>
        <translation>O shootout terminou de forma anormal.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Concluído.</translation>
    </message>
    <message>
        <source>The shootout failed: see its output below.</source>
        <translation>O shootout falhou: veja a saída abaixo.</translation>
    </message>
    <message>
        <source> (broken off)</source>
        <translation> (interrompido)</translation>
    </message>
    <message>
        <source>Shootout %1, %2: %3 s per run, median of %4 round(s)</source>
        <translation>Shootout %1, %2: %3 s por execução, mediana de %4 rodada(s)</translation>
    </message>
    <message>
        <source>%1: not installed (apt-get install %2)</source>
        <translation>%1: não instalado (apt-get install %2)</translation>
    </message>
    <message>
        <source>%1: failed to start: %2</source>
        <translation>%1: falha ao iniciar: %2</translation>
    </message>
    <message>
        <source>%1: left out, %2</source>
        <translation>%1: deixado de fora, %2</translation>
    </message>
    <message>
        <source>E&amp;xport...</source>
        <translation>E&amp;xportar...</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>Exc&amp;luir</translation>
    </message>
    <message>
        <source>Delete the shown shootout and its runs</source>
        <translation>Excluir o shootout exibido e suas execuções</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export Shootout %1</source>
        <translation>Exportar shootout %1</translation>
    </message>
    <message>
        <source>Shootout %1 not exported: %2</source>
        <translation>Shootout %1 não exportado: %2</translation>
    </message>
    <message>
        <source>Shootout %1 exported to %2.</source>
        <translation>Shootout %1 exportado para %2.</translation>
    </message>
    <message numerus="yes">
        <source>Delete shootout %1 and its %n run(s)? They leave the Runs page too. This cannot be undone.</source>
        <translation>
            <numerusform>Excluir o shootout %1 e sua %n execução? Ela também sai da aba Execuções. Isso não pode ser desfeito.</numerusform>
            <numerusform>Excluir o shootout %1 e suas %n execuções? Elas também saem da aba Execuções. Isso não pode ser desfeito.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete Shootout</source>
        <translation>Excluir shootout</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <source>Shootout %1 not deleted: %2</source>
        <translation>Shootout %1 não excluído: %2</translation>
    </message>
    <message>
        <source>Shootout %1 and its runs deleted.</source>
        <translation>Shootout %1 e suas execuções excluídos.</translation>
    </message>
    <message>
        <source>Round %1 of %2: %3 %4</source>
        <translation>Rodada %1 de %2: %3 %4</translation>
    </message>
    <message>
        <source>ref</source>
        <comment>the upstream alone, not ranked</comment>
        <translation>ref.</translation>
    </message>
    <message>
        <source>&amp;SLO:</source>
        <translation>&amp;SLO:</translation>
    </message>
    <message>
        <source>Ste&amp;p:</source>
        <translation>P&amp;asso:</translation>
    </message>
    <message>
        <source>Ranks the servers by capacity: for each workload and server, the highest rate whose steps meet every SLO (hostbench-cli shootout --capacity), searched from the rate by doubling, then bisection</source>
        <translation>Ordena os servidores por capacidade: para cada carga e servidor, a maior taxa cujos passos cumprem cada SLO (hostbench-cli shootout --capacity), buscada a partir da taxa dobrando e depois por bisseção</translation>
    </message>
    <message>
        <source>e.g. p99&lt;10ms, errors&lt;0.1%</source>
        <translation>ex.: p99&lt;10ms, errors&lt;0.1%</translation>
    </message>
    <message>
        <source>What every step must meet, parted by commas, as hostbench-cli bench --slo: a latency pN, mean, min or max; rps; errors; non2xx</source>
        <translation>O que cada passo deve cumprir, separado por vírgulas, como em hostbench-cli bench --slo: uma latência pN, mean, min ou max; rps; errors; non2xx</translation>
    </message>
    <message>
        <source> s per step</source>
        <translation> s por passo</translation>
    </message>
    <message>
        <source>An SLO does not read: %1.</source>
        <translation>Um SLO não pode ser lido: %1.</translation>
    </message>
    <message>
        <source>Give at least one SLO, such as p99&lt;10ms.</source>
        <translation>Informe ao menos um SLO, como p99&lt;10ms.</translation>
    </message>
    <message>
        <source>Write the shown shootout to a JSON, CSV, Markdown or HTML file, as hostbench-cli shootout export does</source>
        <translation>Gravar o shootout exibido em um arquivo JSON, CSV, Markdown ou HTML, como hostbench-cli shootout export</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>Relatório HTML (*.html)</translation>
    </message>
    <message>
        <source>Cannot export as &quot;%1&quot;: the formats are json, csv, md and html.</source>
        <translation>Não é possível exportar como &quot;%1&quot;: os formatos são json, csv, md e html.</translation>
    </message>
    <message>
        <source>Shootout %1, %2: capacity at %3, steps of %4 s, median of %5 round(s)</source>
        <translation>Shootout %1, %2: capacidade em %3, passos de %4 s, mediana de %5 rodada(s)</translation>
    </message>
    <message>
        <source>Capacity (req/s)</source>
        <translation>Capacidade (req/s)</translation>
    </message>
    <message>
        <source>Capac&amp;ity at SLO</source>
        <translation>Capac&amp;idade no SLO</translation>
    </message>
    <message>
        <source>Machine: %1</source>
        <translation>Máquina: %1</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteAdvancedPage</name>
    <message>
        <source>List a folder&apos;s files when it has no index file</source>
        <translation>Listar os arquivos de uma pasta quando ela não tem arquivo de índice</translation>
    </message>
    <message>
        <source>Follow symbolic links out of the document root</source>
        <translation>Seguir links simbólicos para fora da raiz de documentos</translation>
    </message>
    <message>
        <source>Serve hidden files (names starting with “.”, such as .git or .env)</source>
        <translation>Servir arquivos ocultos (nomes que começam com “.”, como .git ou .env)</translation>
    </message>
    <message>
        <source>Off: a path with a part starting with “.” answers 404 and listings leave such names out; /.well-known/ is always served.</source>
        <translation>Desligado: um caminho com uma parte que começa com “.” responde 404 e as listagens omitem esses nomes; /.well-known/ é sempre servido.</translation>
    </message>
    <message>
        <source>Access log:</source>
        <translation>Log de acesso:</translation>
    </message>
    <message>
        <source>Error log:</source>
        <translation>Log de erros:</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> KiB</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nunca</translation>
    </message>
    <message>
        <source> old files</source>
        <translation> arquivos antigos</translation>
    </message>
    <message>
        <source> bytes</source>
        <translation> bytes</translation>
    </message>
    <message>
        <source>index.html, index.htm</source>
        <translation>index.html, index.htm</translation>
    </message>
    <message>
        <source>File names tried in order when a folder is requested.</source>
        <translation>Nomes de arquivo tentados em ordem quando uma pasta é requisitada.</translation>
    </message>
    <message>
        <source>Default: logs/%1.access.log in the data folder</source>
        <translation>Padrão: logs/%1.access.log na pasta de dados</translation>
    </message>
    <message>
        <source>Default: logs/%1.error.log in the data folder</source>
        <translation>Padrão: logs/%1.error.log na pasta de dados</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Arquivos</translation>
    </message>
    <message>
        <source>&amp;Index files:</source>
        <translation>&amp;Arquivos de índice:</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Logs</translation>
    </message>
    <message>
        <source>&amp;Rotate at:</source>
        <translation>&amp;Rotacionar em:</translation>
    </message>
    <message>
        <source>Request limits</source>
        <translation>Limites de requisição</translation>
    </message>
    <message>
        <source>Request &amp;line:</source>
        <translation>&amp;Linha de requisição:</translation>
    </message>
    <message>
        <source>&amp;Header block:</source>
        <translation>&amp;Bloco de cabeçalhos:</translation>
    </message>
    <message>
        <source>Header &amp;fields:</source>
        <translation>&amp;Campos de cabeçalho:</translation>
    </message>
    <message>
        <source>Request &amp;body:</source>
        <translation>C&amp;orpo da requisição:</translation>
    </message>
    <message>
        <source>“%1” is not a plain file name.</source>
        <translation>“%1” não é um nome de arquivo simples.</translation>
    </message>
    <message>
        <source>Give the full path of the file, or leave it empty for the default.</source>
        <translation>Informe o caminho completo do arquivo ou deixe em branco para usar o padrão.</translation>
    </message>
    <message>
        <source>This is a folder; give a file name.</source>
        <translation>Isto é uma pasta; informe um nome de arquivo.</translation>
    </message>
    <message>
        <source>Default: in logs/ of the data folder, named after the host</source>
        <translation>Padrão: em logs/ da pasta de dados, com o nome do host</translation>
    </message>
    <message>
        <source>Log the requests of Hostbench&apos;s own benchmarks</source>
        <translation>Registrar as requisições dos testes de carga do próprio Hostbench</translation>
    </message>
    <message>
        <source>Off: requests of Hostbench&apos;s load generator (User-Agent Hostbench/…) are counted but not logged, so that a benchmark does not rotate away the log of the site&apos;s real traffic.</source>
        <translation>Desligado: as requisições do gerador de carga do Hostbench (User-Agent Hostbench/…) são contadas, mas não registradas, para que um teste de carga não descarte pela rotação o log do tráfego real do site.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>Default site: answers requests for unknown host names</source>
        <translation>Site padrão: responde às requisições para nomes de host desconhecidos</translation>
    </message>
    <message>
        <source>Add Site</source>
        <translation>Adicionar site</translation>
    </message>
    <message>
        <source>Edit Site %1</source>
        <translation>Editar site %1</translation>
    </message>
    <message>
        <source>example.test</source>
        <translation>example.test</translation>
    </message>
    <message>
        <source>www.example.test, example.local</source>
        <translation>www.example.test, example.local</translation>
    </message>
    <message>
        <source>/srv/www/example</source>
        <translation>/srv/www/example</translation>
    </message>
    <message>
        <source>To change the default site, make another site the default.</source>
        <translation>Para trocar o site padrão, torne outro site o padrão.</translation>
    </message>
    <message>
        <source>&amp;Host name:</source>
        <translation>&amp;Nome do host:</translation>
    </message>
    <message>
        <source>&amp;Aliases:</source>
        <translation>&amp;Aliases:</translation>
    </message>
    <message>
        <source>&amp;Document root:</source>
        <translation>&amp;Raiz de documentos:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Routes&lt;/b&gt; answer a path with a fixed response, before any file of the document root.</source>
        <translation>As &lt;b&gt;rotas&lt;/b&gt; respondem a um caminho com uma resposta fixa, antes de qualquer arquivo da raiz de documentos.</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>&amp;Geral</translation>
    </message>
    <message>
        <source>Ad&amp;vanced</source>
        <translation>A&amp;vançado</translation>
    </message>
    <message>
        <source>Create it</source>
        <translation>Criar</translation>
    </message>
    <message>
        <source>Document Root</source>
        <translation>Raiz de documentos</translation>
    </message>
    <message>
        <source>The folder could not be created.</source>
        <translation>Não foi possível criar a pasta.</translation>
    </message>
    <message>
        <source>Pro&amp;xy</source>
        <translation>Pro&amp;xy</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Arquivos</translation>
    </message>
    <message>
        <source>Proxy to an app</source>
        <translation>Proxy para um app</translation>
    </message>
    <message>
        <source>&amp;Serves:</source>
        <translation>&amp;Serve:</translation>
    </message>
    <message>
        <source>Choose “Proxy to an app” under Serves first.</source>
        <translation>Escolha primeiro “Proxy para um app” em Serve.</translation>
    </message>
    <message>
        <source>Still needed: the paths that are not proxied are served from this folder.</source>
        <translation>Ainda necessária: os caminhos não encaminhados são servidos desta pasta.</translation>
    </message>
    <message>
        <source>The site&apos;s files: each request is answered from this folder.</source>
        <translation>Os arquivos do site: cada requisição é respondida a partir desta pasta.</translation>
    </message>
    <message>
        <source>PH&amp;P</source>
        <translation>PH&amp;P</translation>
    </message>
    <message>
        <source>PHP</source>
        <translation>PHP</translation>
    </message>
    <message>
        <source>Files: the document root&apos;s files. Proxy to an app: the paths of the Proxy tab go to an app server (the others are still files). PHP: the files, and the PHP files run in PHP-FPM (the PHP tab).</source>
        <translation>Arquivos: os arquivos da raiz de documentos. Proxy para um app: os caminhos da aba Proxy vão para um servidor de app (os outros continuam arquivos). PHP: os arquivos, e os arquivos PHP rodam no PHP-FPM (a aba PHP).</translation>
    </message>
    <message>
        <source>Choose “PHP” under Serves first.</source>
        <translation>Escolha primeiro “PHP” em Serve.</translation>
    </message>
    <message>
        <source>The site&apos;s files: its PHP files run in PHP-FPM, the others are sent from this folder.</source>
        <translation>Os arquivos do site: os arquivos PHP rodam no PHP-FPM, os outros são enviados desta pasta.</translation>
    </message>
    <message>
        <source>H&amp;TTPS</source>
        <translation>H&amp;TTPS</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteHttpsPage</name>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>&amp;Redirect http:// to https:// (308, the method kept)</source>
        <translation>&amp;Redirecionar http:// para https:// (308, mantendo o método)</translation>
    </message>
    <message>
        <source>empty: from Hostbench&apos;s certificate authority</source>
        <translation>vazio: da autoridade certificadora do Hostbench</translation>
    </message>
    <message>
        <source>A PEM file with the site&apos;s certificate first, then its chain.</source>
        <translation>Um arquivo PEM com o certificado do site primeiro, depois sua cadeia.</translation>
    </message>
    <message>
        <source>The PEM file of the certificate&apos;s private key (unencrypted).</source>
        <translation>O arquivo PEM da chave privada do certificado (sem criptografia).</translation>
    </message>
    <message>
        <source>While the engine serves HTTPS, a request over http:// is answered 308 Permanent Redirect to the same path on the HTTPS port.</source>
        <translation>Enquanto o motor serve HTTPS, uma requisição por http:// recebe 308 Permanent Redirect para o mesmo caminho na porta HTTPS.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desligado</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Strict-Transport-Security: browsers that saw it use only https:// for this name until the max-age runs out (31,536,000 s is a year). Off for local sites that may be served over http:// again.</source>
        <translation>Strict-Transport-Security: navegadores que o viram usam só https:// para este nome até o max-age acabar (31.536.000 s é um ano). Desligado para sites locais que possam voltar a ser servidos por http://.</translation>
    </message>
    <message>
        <source>Certificate File</source>
        <translation>Arquivo de certificado</translation>
    </message>
    <message>
        <source>Private Key File</source>
        <translation>Arquivo da chave privada</translation>
    </message>
    <message>
        <source>&amp;Certificate file:</source>
        <translation>Arquivo de &amp;certificado:</translation>
    </message>
    <message>
        <source>Private &amp;key file:</source>
        <translation>Arquivo da chave privad&amp;a:</translation>
    </message>
    <message>
        <source>&amp;HSTS max-age:</source>
        <translation>max-age do &amp;HSTS:</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt *.cer *.key);;All files (*)</source>
        <translation>Arquivos PEM (*.pem *.crt *.cer *.key);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>&lt;b&gt;HTTPS&lt;/b&gt; serves this site while it is on (the Server page). Without files of its own the site gets a certificate from Hostbench&apos;s certificate authority for its names and their .localhost forms; browsers trust it once the authority is trusted (Server page, Trust Hostbench&apos;s certificate authority).</source>
        <translation>O &lt;b&gt;HTTPS&lt;/b&gt; serve este site enquanto estiver ligado (página Servidor). Sem arquivos próprios, o site recebe um certificado da autoridade certificadora do Hostbench para seus nomes e suas formas .localhost; os navegadores confiam nele assim que a autoridade for confiável (página Servidor, “Confiar na autoridade certificadora do Hostbench”).</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SitePhpPage</name>
    <message>
        <source>&amp;Front controller (send missing files to index.php, as Laravel and WordPress)</source>
        <translation>&amp;Controlador frontal (enviar arquivos ausentes ao index.php, como Laravel e WordPress)</translation>
    </message>
    <message>
        <source>unix:/path.sock or HOST:PORT</source>
        <translation>unix:/caminho.sock ou HOST:PORTA</translation>
    </message>
    <message>
        <source>auto: a PHP-FPM pool that Hostbench starts and stops for its data folder. Else where a PHP-FPM pool listens: unix:/run/php/php8.2-fpm.sock or 127.0.0.1:9000.</source>
        <translation>auto: um pool PHP-FPM que o Hostbench inicia e para para a sua pasta de dados. Senão, onde um pool PHP-FPM escuta: unix:/run/php/php8.2-fpm.sock ou 127.0.0.1:9000.</translation>
    </message>
    <message>
        <source>/ (the whole site)</source>
        <translation>/ (o site inteiro)</translation>
    </message>
    <message>
        <source>Only requests under this path run PHP; the others are files.</source>
        <translation>Só as requisições sob este caminho rodam PHP; as outras são arquivos.</translation>
    </message>
    <message>
        <source>A request for a file that does not exist goes to index.php under the path, with its query (nginx&apos;s try_files $uri $uri/ /index.php?$query_string).</source>
        <translation>Uma requisição de um arquivo que não existe vai para o index.php sob o caminho, com sua query (try_files $uri $uri/ /index.php?$query_string do nginx).</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>How long the engine waits for PHP-FPM (to connect, for the response head, for each read of the body) before it answers 504 and aborts the script.</source>
        <translation>Quanto tempo o motor espera o PHP-FPM (conexão, cabeçalho da resposta, cada leitura do corpo) antes de responder 504 e abortar o script.</translation>
    </message>
    <message>
        <source>&lt;b&gt;PHP&lt;/b&gt; files (*.php, and index.php for a folder) run in PHP-FPM over FastCGI; the other files are sent as they are, a PHP file never as text.</source>
        <translation>Os arquivos &lt;b&gt;PHP&lt;/b&gt; (*.php, e index.php para uma pasta) rodam no PHP-FPM via FastCGI; os outros arquivos são enviados como estão, um arquivo PHP nunca como texto.</translation>
    </message>
    <message>
        <source>PHP-FPM &amp;address:</source>
        <translation>&amp;Endereço do PHP-FPM:</translation>
    </message>
    <message>
        <source>Path p&amp;refix:</source>
        <translation>&amp;Prefixo de caminho:</translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation>&amp;Tempo limite:</translation>
    </message>
    <message>
        <source>No PHP-FPM is installed, so Hostbench cannot start its pool: install the Debian package %1 (sudo apt-get install %1), or give the address of a PHP-FPM that runs.</source>
        <translation>Nenhum PHP-FPM está instalado, então o Hostbench não pode iniciar seu pool: instale o pacote Debian %1 (sudo apt-get install %1) ou informe o endereço de um PHP-FPM em execução.</translation>
    </message>
    <message>
        <source>Hostbench runs its own PHP-FPM pool for this data folder with %1, started and stopped with the engine.</source>
        <translation>O Hostbench roda seu próprio pool PHP-FPM para esta pasta de dados com %1, iniciado e parado com o motor.</translation>
    </message>
    <message>
        <source>PHP-FPM must listen at %1; while it does not, PHP requests answer 502.</source>
        <translation>O PHP-FPM precisa escutar em %1; enquanto não escuta, as requisições PHP respondem 502.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteProxyPage</name>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Send the upstream&apos;s own Host</source>
        <translation>Enviar o Host do próprio upstream</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>Off: the upstream sees the Host the client sent, as nginx&apos;s proxy_set_header Host $host. On: HOST:PORT of the upstream URL.</source>
        <translation>Desligado: o upstream vê o Host que o cliente enviou, como proxy_set_header Host $host do nginx. Ligado: HOST:PORTA da URL do upstream.</translation>
    </message>
    <message>
        <source>How long the engine waits for the app (to connect, for the response head, for each read of the body) before it answers 504.</source>
        <translation>Quanto tempo o motor espera pelo app (conexão, cabeçalho da resposta, cada leitura do corpo) antes de responder 504.</translation>
    </message>
    <message>
        <source>npm run dev (empty: start no app)</source>
        <translation>npm run dev (vazio: nenhum app iniciado)</translation>
    </message>
    <message>
        <source>Started with the engine, without a shell: quotes group words, no pipes or variables.</source>
        <translation>Iniciado com o motor, sem shell: aspas agrupam palavras, sem pipes nem variáveis.</translation>
    </message>
    <message>
        <source>Empty: the document root</source>
        <translation>Vazio: a raiz de documentos</translation>
    </message>
    <message>
        <source>One NAME=value per line, e.g. PORT=3000</source>
        <translation>Um NOME=valor por linha, p. ex. PORT=3000</translation>
    </message>
    <message>
        <source>From SIGTERM to SIGKILL when the engine stops the app.</source>
        <translation>De SIGTERM a SIGKILL quando o motor para o app.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Proxied paths&lt;/b&gt; go to an app server (HTTP/1.1); the others are served from the document root.</source>
        <translation>&lt;b&gt;Caminhos encaminhados&lt;/b&gt; vão para um servidor de app (HTTP/1.1); os outros são servidos da raiz de documentos.</translation>
    </message>
    <message>
        <source>Upstream &amp;timeout:</source>
        <translation>&amp;Tempo limite do upstream:</translation>
    </message>
    <message>
        <source>App started with the engine</source>
        <translation>App iniciado com o motor</translation>
    </message>
    <message>
        <source>Co&amp;mmand:</source>
        <translation>Co&amp;mando:</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>&amp;Pasta de trabalho:</translation>
    </message>
    <message>
        <source>E&amp;nvironment:</source>
        <translation>Am&amp;biente:</translation>
    </message>
    <message>
        <source>Stop gra&amp;ce:</source>
        <translation>Pra&amp;zo de parada:</translation>
    </message>
    <message>
        <source>App&apos;s Working Folder</source>
        <translation>Pasta de trabalho do app</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteRateModel</name>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>%1 of %2 responses since the engine started: %3 with 4xx, %4 with 5xx</source>
        <translation>%1 de %2 respostas desde que o servidor iniciou: %3 com 4xx, %4 com 5xx</translation>
    </message>
    <message>
        <source>Responses with status 4xx or 5xx since the engine started (each cell&apos;s tooltip splits them)</source>
        <translation>Respostas com status 4xx ou 5xx desde que o servidor iniciou (a dica de cada célula as separa)</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>Site</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Requisições</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requisições/s</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erros</translation>
    </message>
    <message>
        <source>Sent/s</source>
        <translation>Enviado/s</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteTableModel</name>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>The default site: it answers requests for unknown host names.</source>
        <translation>O site padrão: ele responde às requisições para nomes de host desconhecidos.</translation>
    </message>
    <message>
        <source>Host Name</source>
        <translation>Nome do host</translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation>Aliases</translation>
    </message>
    <message>
        <source>Document Root</source>
        <translation>Raiz de documentos</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>Rotas</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Document root: %1</source>
        <translation>Raiz de documentos: %1</translation>
    </message>
    <message>
        <source>Proxied paths (upstream timeout %1 ms, Host: %2):</source>
        <translation>Caminhos encaminhados (tempo limite do upstream %1 ms, Host: %2):</translation>
    </message>
    <message>
        <source>the upstream&apos;s own</source>
        <translation>o do upstream</translation>
    </message>
    <message>
        <source>the client&apos;s</source>
        <translation>o do cliente</translation>
    </message>
    <message>
        <source>App: %1</source>
        <translation>App: %1</translation>
    </message>
    <message>
        <source>  in the document root</source>
        <translation>  na raiz de documentos</translation>
    </message>
    <message>
        <source>  in %1</source>
        <translation>  em %1</translation>
    </message>
    <message>
        <source>  with %1</source>
        <translation>  com %1</translation>
    </message>
    <message>
        <source>PHP</source>
        <translation>PHP</translation>
    </message>
    <message>
        <source>PHP %1</source>
        <translation>PHP %1</translation>
    </message>
    <message>
        <source>PHP files under %1 run in PHP-FPM at %2 (timeout %3 ms)</source>
        <translation>Arquivos PHP sob %1 rodam no PHP-FPM em %2 (tempo limite %3 ms)</translation>
    </message>
    <message>
        <source>  auto: the pool Hostbench runs for its data folder</source>
        <translation>  auto: o pool que o Hostbench roda para a sua pasta de dados</translation>
    </message>
    <message>
        <source>  front controller: missing files go to %1</source>
        <translation>  controlador frontal: arquivos ausentes vão para %1</translation>
    </message>
    <message>
        <source>  PHP version: not known yet</source>
        <translation>  versão do PHP: ainda não conhecida</translation>
    </message>
    <message>
        <source>  PHP version: %1</source>
        <translation>  versão do PHP: %1</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SitesPage</name>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Adicionar…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Editar…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Remover</translation>
    </message>
    <message>
        <source>&amp;Open in Browser</source>
        <translation>Abrir no &amp;navegador</translation>
    </message>
    <message>
        <source>Each site answers the requests whose Host header is its host name or one of its aliases. The default site (★) answers every other host name.</source>
        <translation>Cada site responde às requisições cujo cabeçalho Host é o nome do host dele ou um dos seus aliases. O site padrão (★) responde a todos os outros nomes de host.</translation>
    </message>
    <message>
        <source>The engine is stopped</source>
        <translation>O servidor está parado</translation>
    </message>
    <message>
        <source>%1 Try: %2</source>
        <translation>%1 Experimente: %2</translation>
    </message>
    <message>
        <source>Served at %1.</source>
        <translation>Servido em %1.</translation>
    </message>
    <message>
        <source>Served by %1 with “Host: %2”; as the default site it also answers at %3.</source>
        <translation>Servido por %1 com “Host: %2”; como site padrão, também responde em %3.</translation>
    </message>
    <message>
        <source>Served by %1 with “Host: %2”; a browser reaches %3 only if the name resolves (a hosts entry such as “127.0.0.1 %3”).</source>
        <translation>Servido por %1 com “Host: %2”; um navegador só alcança %3 se o nome for resolvido (uma entrada no arquivo hosts como “127.0.0.1 %3”).</translation>
    </message>
    <message>
        <source>Site Not Saved</source>
        <translation>Site não salvo</translation>
    </message>
    <message>
        <source>The site %1 could not be saved:
%2</source>
        <translation>Não foi possível salvar o site %1:
%2</translation>
    </message>
    <message>
        <source>Remove Site</source>
        <translation>Remover site</translation>
    </message>
    <message>
        <source>Remove the site %1? Its files stay where they are.</source>
        <translation>Remover o site %1? Os arquivos dele ficam onde estão.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Site Not Removed</source>
        <translation>Site não removido</translation>
    </message>
    <message>
        <source>The default site cannot be removed: make another site the default first.</source>
        <translation>O site padrão não pode ser removido: torne outro site o padrão primeiro.</translation>
    </message>
    <message>
        <source>Start the engine to open the site</source>
        <translation>Inicie o servidor para abrir o site</translation>
    </message>
    <message>
        <source>Open &amp;Folder</source>
        <translation>Abrir &amp;pasta</translation>
    </message>
    <message>
        <source>Show the site&apos;s document root in the file manager</source>
        <translation>Mostrar a raiz de documentos do site no gerenciador de arquivos</translation>
    </message>
    <message>
        <source>Served by %1 with “Host: %2”; a browser on this computer reaches it at %3 (names under .localhost lead here).</source>
        <translation>Servido por %1 com “Host: %2”; um navegador neste computador o alcança em %3 (nomes sob .localhost levam para cá).</translation>
    </message>
    <message>
        <source>Open %1 in the web browser</source>
        <translation>Abrir %1 no navegador</translation>
    </message>
    <message>
        <source>Engine Not Reloaded</source>
        <translation>Motor não recarregado</translation>
    </message>
    <message>
        <source>The change is stored, but the engine did not reload: %1
It still serves the previous configuration.</source>
        <translation>A alteração foi armazenada, mas o motor não recarregou: %1
Ele continua servindo a configuração anterior.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::TrayIcon</name>
    <message>
        <source>Show &amp;Window</source>
        <translation>Mostrar a &amp;janela</translation>
    </message>
    <message>
        <source>&amp;Quit Hostbench</source>
        <translation>&amp;Sair do Hostbench</translation>
    </message>
    <message>
        <source>S&amp;top the Engine</source>
        <translation>&amp;Parar o servidor</translation>
    </message>
    <message>
        <source>&amp;Start the Engine</source>
        <translation>&amp;Iniciar o servidor</translation>
    </message>
    <message>
        <source>Hostbench: the engine is stopped</source>
        <translation>Hostbench: o servidor está parado</translation>
    </message>
    <message>
        <source>Hostbench: serving %1</source>
        <translation>Hostbench: em operação em %1</translation>
    </message>
    <message>
        <source>Hostbench: serving %1, a benchmark is running</source>
        <translation>Hostbench: em operação em %1, um benchmark está em execução</translation>
    </message>
    <message>
        <source>Hostbench: a benchmark is running</source>
        <translation>Hostbench: um benchmark está em execução</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Web server, load generator and manager.</source>
        <translation>Servidor web, gerador de carga e gerenciador.</translation>
    </message>
    <message>
        <source>Keep the database and the default site in DIR (default: $HOSTBENCH_DATA_DIR, else the user&apos;s data folder).</source>
        <translation>Manter o banco de dados e o site padrão em DIR (padrão: $HOSTBENCH_DATA_DIR; senão, a pasta de dados do usuário).</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>another process</source>
        <translation>outro processo</translation>
    </message>
    <message>
        <source>Hostbench</source>
        <translation>Hostbench</translation>
    </message>
    <message>
        <source>The data folder is in use by %1.</source>
        <translation>A pasta de dados está em uso por %1.</translation>
    </message>
    <message>
        <source>Folder: %1

One Hostbench at a time serves a data folder. Stop the other one first, or start Hostbench with --data-dir on another folder.</source>
        <translation>Pasta: %1

Somente um Hostbench por vez atende uma pasta de dados. Encerre o outro primeiro ou inicie o Hostbench com --data-dir em outra pasta.</translation>
    </message>
</context>
</TS>
