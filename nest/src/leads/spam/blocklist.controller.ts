import { Body, Controller, Get, Put, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { ValidateBodyAs } from '../../common/validate-body-as.decorator';
import { BLOCKLIST_PATH, type BlocklistRequest, type BlocklistResponse } from '../../contract';

import { BlocklistRequestDto, BlocklistResponseDto } from './blocklist.dto';
import { BlocklistStore } from './blocklist.store';

@ApiTags('settings')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
@Controller()
export class BlocklistController {
  constructor(
    private readonly blocklist: BlocklistStore,
    private readonly audit: AuditService,
  ) {}

  @Get(BLOCKLIST_PATH)
  @ApiOperation({ summary: 'The terms that make a submission spam (empty until set)' })
  @ApiOkResponse({ type: BlocklistResponseDto })
  async read(): Promise<BlocklistResponse> {
    return { success: true, terms: await this.blocklist.read() };
  }

  @Put(BLOCKLIST_PATH)
  @ApiOperation({ summary: 'Replace the blocklist (an empty list clears it)' })
  @ApiBody({ type: BlocklistRequestDto })
  @ValidateBodyAs(BlocklistRequestDto)
  @ApiOkResponse({ type: BlocklistResponseDto, description: 'The list as stored' })
  @ApiBadRequestResponse({
    description: 'Not a list, too many terms, or a term that is blank, too long or not one line',
  })
  async replace(
    @Body() body: BlocklistRequest,
    @Req() request: Request,
  ): Promise<BlocklistResponse> {
    const terms = await this.blocklist.write(distinctTerms(body.terms));
    // The count only: the terms are the admins' words, and may name people.
    await this.audit.record(request, {
      action: 'blocklist-changed',
      detail: { terms: terms.length },
    });
    return { success: true, terms };
  }
}

/** Trimmed, each once: a term and the same in other case are one (matching ignores case). */
function distinctTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  return terms
    .map((term) => term.trim())
    .filter((term) => {
      const key = term.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
